import { useEffect } from 'react';
import { BotAvatar } from './components/bot-avatar';
import { ChatConversation } from './components/chat-conversation';
import { preloadAnswerParts } from './components/reply-text';
import { useRequestMenu } from './components/request-menu';
import { useChatSession } from './hooks/use-chat-session';
import { playSound } from './sounds';
import { brandingUrl, widgetConfig } from './widget-config';
import styles from './public-chat-page.module.css';

/**
 * /public-chat/:botId: a full-page chat with the bot's avatar, name and welcome,
 * the suggested questions, the messages, the input and the branding footer, with the widget's rules and
 * daily limit.
 */
export function PublicChatPage({ botId }: { botId: string | null }) {
  const session = useChatSession({ identifier: botId, mode: 'visitor', onReply: () => playSound('reply') });
  const { brand } = widgetConfig();
  const { botName, botImageUrl, themeId } = session.info;
  const requests = useRequestMenu(session);

  useEffect(() => {
    document.title = `Chat with ${botName} · ${brand}`;
  }, [botName, brand]);

  useEffect(() => preloadAnswerParts(), []);

  return (
    <main className={styles.page} data-chat-theme={themeId} aria-label={`Chat with ${botName}`}>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <BotAvatar src={botImageUrl} size={44} />
          <div className={styles.titles}>
            <h1 className={styles.name}>{botName}</h1>
            <p className={styles.subtitle}>
              <span className={styles.online} aria-hidden="true" />
              Answers from this business’s own information ·{' '}
              <a href={brandingUrl()} target="_blank" rel="noopener noreferrer">
                Powered by {brand}
              </a>
            </p>
          </div>
          {requests.menu}
        </div>
      </header>
      <div className={styles.main}>
        <ChatConversation session={session} variant="page" requests={requests.controls} />
      </div>
    </main>
  );
}
