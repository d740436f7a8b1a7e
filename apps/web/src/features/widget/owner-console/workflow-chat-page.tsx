import { useCallback, useEffect } from 'react';
import { useLocation } from 'react-router';
import { ArrowLeft, ExternalLink, FlaskConical } from 'lucide-react';
import { ROUTES } from '@vuxo/shared/routes';
import { SESSION_KEYS } from '@vuxo/shared/storage-keys';
import { buttonClass, ButtonLink } from '../../../components/ui/button';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { useAuth } from '../../auth';
import { BotAvatar } from '../components/bot-avatar';
import { ChatConversation } from '../components/chat-conversation';
import { preloadAnswerParts } from '../components/reply-text';
import { useChatSession } from '../hooks/use-chat-session';
import styles from './workflow-chat-page.module.css';

/** The bot to test: from the navigation state (the dashboard's Chat), else the stored activeDocId. */
function useActiveBotId(): string | null {
  const { state } = useLocation();
  const fromState = (state as { activeDocId?: unknown } | null)?.activeDocId;
  const given = typeof fromState === 'string' && fromState.trim() ? fromState.trim() : null;
  useEffect(() => {
    if (given) sessionStorage.setItem(SESSION_KEYS.activeDocId, given);
  }, [given]);
  return given ?? (sessionStorage.getItem(SESSION_KEYS.activeDocId)?.trim() || null);
}

/**
 * /workflow/chat (protected): the owner's test console for the bot in activeDocId. The
 * same chat as the widget, signed in with a freshly refreshed identity token, so there is no daily limit and
 * every answer shows the passages of the document it comes from.
 */
export function WorkflowChatPage() {
  usePageTitle('Test your chatbot');
  const botId = useActiveBotId();
  const { getIdToken } = useAuth();
  const getToken = useCallback(() => getIdToken(true), [getIdToken]);

  if (!botId) {
    return (
      <main className={styles.page}>
        <div className={styles.empty}>
          <FlaskConical className={styles.emptyIcon} aria-hidden="true" />
          <h1 className={styles.title}>No bot selected</h1>
          <p className={styles.lead}>Choose a bot on your dashboard and press Chat to test it here.</p>
          <ButtonLink to={ROUTES.dashboard}>Go to Your Chatbots</ButtonLink>
        </div>
      </main>
    );
  }
  return <OwnerConsole key={botId} botId={botId} getToken={getToken} />;
}

function OwnerConsole({ botId, getToken }: { botId: string; getToken: () => Promise<string> }) {
  const session = useChatSession({ identifier: botId, mode: 'owner', getToken });
  const { botName, botImageUrl, themeId } = session.info;

  useEffect(() => preloadAnswerParts(), []);

  return (
    <main className={styles.page}>
      <div className={styles.layout}>
        <header className={styles.head}>
          <ButtonLink to={ROUTES.dashboard} variant="ghost" size="sm" className={styles.back}>
            <ArrowLeft aria-hidden="true" /> Your Chatbots
          </ButtonLink>
          <p className={styles.eyebrow}>Test console</p>
          <h1 className={styles.title}>Test {session.status === 'loading' ? 'your bot' : botName}</h1>
          <p className={styles.lead}>
            Chat privately with your bot. There is no daily limit here, and under every answer you can open
            the passages of your document it was written from.
          </p>
          <a
            className={buttonClass({ variant: 'secondary', size: 'sm' }, styles.publicLink)}
            href={ROUTES.publicChat(botId)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Open the public chat <ExternalLink aria-hidden="true" />
          </a>
        </header>
        <section className={styles.chat} data-chat-theme={themeId} aria-label={`Chat with ${botName}`}>
          <div className={styles.chatHead}>
            <BotAvatar src={botImageUrl} size={40} />
            <div className={styles.chatTitles}>
              <p className={styles.chatName}>{botName}</p>
              <p className={styles.chatNote}>Owner test · answers show their sources</p>
            </div>
          </div>
          <ChatConversation session={session} variant="console" />
        </section>
      </div>
    </main>
  );
}
