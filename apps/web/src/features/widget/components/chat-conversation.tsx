import { Suspense, type RefObject } from 'react';
import { WIDGET_MSG } from '@vuxo/shared/messages';
import type { ChatSession } from '../hooks/use-chat-session';
import { widgetConfig } from '../widget-config';
import { ChatFooter } from './chat-footer';
import { ChatInput } from './chat-input';
import { ErrorBanner } from './error-banner';
import { MessageList } from './message-list';
import { RequestOffer, takesRequests, type RequestControls } from './request-menu';
import { SuggestionBoundary, SuggestionStrip } from './suggestion-strip';
import '../styles/widget-themes.css';
import styles from './chat.module.css';

interface Props {
  session: ChatSession;
  /** panel: the widget; page: the public chat; console: the owner's test console. */
  variant: 'panel' | 'page' | 'console';
  inputRef?: RefObject<HTMLTextAreaElement | null>;
  /** Changes when the input should take focus. */
  focusRequest?: number;
  /** The request form's state (the widget and the public chat; absent: no requests, as in the owner console). */
  requests?: RequestControls;
}

/**
 * Everything below a chat's header, shared by /embed, /public-chat and the owner console: the messages,
 * the banners, the suggestion strip, the input and the footer.
 */
export function ChatConversation({ session, variant, inputRef, focusRequest, requests }: Props) {
  const { supportEmail } = widgetConfig();
  const { info, status } = session;
  const notReady = status === 'loaded' && !info.ready;
  // Nothing to offer before the visitor has asked something, unless they opened the form from the menu.
  const offers =
    requests !== undefined &&
    takesRequests(session) &&
    (requests.form !== 'closed' || session.messages.some((m) => m.position === 'right'));
  return (
    <div className={styles.conversation} data-variant={variant}>
      {status === 'loading' && session.messages.length === 0 ? (
        <div className={styles.loading} role="status" aria-label="Loading chat">
          <span className={styles.spinner} aria-hidden="true" />
        </div>
      ) : (
        <MessageList
          messages={session.messages}
          botName={info.botName}
          botImageUrl={info.botImageUrl}
          typing={session.sending && !session.streaming}
          showPassages={variant === 'console'}
          {...(variant === 'console' ? {} : { onRate: session.rate })}
        />
      )}
      <div className={styles.dock}>
        {session.error && (
          <ErrorBanner message={session.error} canRetry={!session.retriesExhausted} onRetry={session.retry} />
        )}
        {session.limitNotice && (
          <p className={styles.notice} role="status">
            {session.limitNotice}
          </p>
        )}
        {requests && offers && info.botId && (
          <Suspense fallback={null}>
            <RequestOffer
              {...requests}
              botId={info.botId}
              botName={info.botName}
              messages={session.messages}
              {...(session.receive ? { receive: session.receive } : {})}
            />
          </Suspense>
        )}
        {notReady && (
          <p className={styles.notice} role="status">
            {info.paused
              ? WIDGET_MSG.botPaused
              : `${info.botName} is still being set up. Please check back in a few minutes.`}
          </p>
        )}
        {/* No bot to suggest questions for when its info could not load: the error banner says why. */}
        {session.status !== 'failed' && (
          <SuggestionBoundary email={supportEmail}>
            <SuggestionStrip
              questions={session.questions}
              error={session.questionsError}
              disabled={!session.canSend}
              onPick={(question) => void session.send(question)}
            />
          </SuggestionBoundary>
        )}
        <ChatInput
          placeholder={session.placeholder}
          disabled={!session.canSend}
          sending={session.sending}
          onSend={session.send}
          {...(session.streaming ? { onStop: session.stop } : {})}
          {...(inputRef ? { inputRef } : {})}
          {...(focusRequest !== undefined ? { focusRequest } : {})}
        />
        <ChatFooter messagesLeft={session.messagesLeft} />
      </div>
    </div>
  );
}
