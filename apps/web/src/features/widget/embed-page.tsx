import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { Maximize2, MessageCircle, Minimize2, X } from './components/chat-icons';
import { parseEmbedParams } from '@vuxo/shared/widget';
import { BotAvatar } from './components/bot-avatar';
import { ChatConversation } from './components/chat-conversation';
import { preloadAnswerParts } from './components/reply-text';
import { useRequestMenu } from './components/request-menu';
import { isFramed, onParentMessage, postToParent } from './frame-bridge';
import { useChatSession } from './hooks/use-chat-session';
import { usePanelSize } from './hooks/use-panel-size';
import { playSound } from './sounds';
import { brandingUrl, widgetConfig } from './widget-config';
import styles from './embed-page.module.css';

/** A pointer's handle for the panel's size: it arrives just after the chat's first paint (bench/widget's budget). */
const ResizeHandle = lazy(() =>
  import('./components/resize-handle').then((m) => ({ default: m.ResizeHandle })),
);

interface Props {
  /** The bot's share id from the address; null when the address has none. */
  identifier: string | null;
  /** The address's query string (isInitiallyOpen, width, height, isFullScreen, isAlways). */
  search: string;
}

/**
 * /embed/:identifier: the launcher and the chat panel, with full screen,
 * isAlways, the resize handle and stored sizes, sounds, and the messages the one-line embed script listens to.
 */
export function EmbedPage({ identifier, search }: Props) {
  const params = useMemo(() => parseEmbedParams(new URLSearchParams(search)), [search]);
  const always = params.isAlways;
  const [open, setOpen] = useState(always || params.isInitiallyOpen);
  const [fullScreen, setFullScreen] = useState(always || params.isFullScreen);
  const session = useChatSession({ identifier, mode: 'visitor', onReply: () => playSound('reply') });
  const { size, resize, persist } = usePanelSize(session.info.botId, params);
  const requests = useRequestMenu(session);
  const { brand } = widgetConfig();
  const { botName, botImageUrl, themeId } = session.info;
  const panelId = useId();
  const [framed] = useState(isFramed);
  const [focusRequest, setFocusRequest] = useState(0);
  const launcher = useRef<HTMLButtonElement>(null);
  /** Focus goes back to the launcher after the visitor closed the panel. */
  const focusNext = useRef(false);

  const show = useCallback(
    (next: boolean, focus: boolean) => {
      if (always || next === open) return;
      playSound(next ? 'open' : 'close');
      if (focus && next) setFocusRequest((n) => n + 1);
      focusNext.current = focus && !next;
      setOpen(next);
    },
    [always, open],
  );

  useEffect(() => {
    document.title = `${botName} · Chat`;
  }, [botName]);

  useEffect(() => {
    // Transparent page when framed as a launcher; the whole window is the chat when always open.
    const root = document.documentElement.classList;
    root.toggle('chat-transparent', !always);
    preloadAnswerParts();
    return () => root.remove('chat-transparent');
  }, [always]);

  useEffect(() => {
    if (focusNext.current) launcher.current?.focus();
    focusNext.current = false;
  }, [open]);

  // The one-line embed sizes its iframe from these messages; the first one says the chat is ready.
  const announced = useRef(false);
  useEffect(() => {
    postToParent({ type: announced.current ? 'state' : 'ready', open, fullScreen, ...size });
    announced.current = true;
  }, [open, fullScreen, size]);

  useEffect(() => onParentMessage((message) => show(message.type === 'open', true)), [show]);

  const full = always || fullScreen;
  const style = { '--panel-w': `${size.width}px`, '--panel-h': `${size.height}px` } as CSSProperties;

  return (
    <div
      className={styles.root}
      data-chat-theme={themeId}
      data-always={always || undefined}
      data-framed={framed || undefined}
      style={style}
    >
      {open && (
        <section
          id={panelId}
          className={styles.panel}
          data-full={full || undefined}
          aria-label={`Chat with ${botName}`}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !always) show(false, true);
          }}
        >
          <header className={styles.header}>
            <BotAvatar src={botImageUrl} size={38} />
            <div className={styles.titles}>
              <h1 className={styles.name}>{botName}</h1>
              <a className={styles.poweredBy} href={brandingUrl()} target="_blank" rel="noopener noreferrer">
                Powered by {brand}
              </a>
            </div>
            {requests.menu}
            {!always && (
              <div className={styles.headerActions}>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={fullScreen ? 'Exit full screen' : 'Full screen'}
                  title={fullScreen ? 'Exit full screen' : 'Full screen'}
                  onClick={() => setFullScreen((value) => !value)}
                >
                  {fullScreen ? <Minimize2 aria-hidden="true" /> : <Maximize2 aria-hidden="true" />}
                </button>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label="Close chat"
                  title="Close chat"
                  onClick={() => show(false, true)}
                >
                  <X aria-hidden="true" />
                </button>
              </div>
            )}
          </header>
          <ChatConversation
            session={session}
            variant="panel"
            focusRequest={focusRequest}
            requests={requests.controls}
          />
          {!full && (
            <Suspense fallback={null}>
              <ResizeHandle size={size} onResize={resize} onDone={persist} />
            </Suspense>
          )}
        </section>
      )}
      {!always && !(open && fullScreen) && (
        <button
          ref={launcher}
          type="button"
          className={styles.launcher}
          aria-label={open ? 'Minimize chat' : `Open chat with ${botName}`}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => show(!open, true)}
        >
          {open ? <X aria-hidden="true" /> : <MessageCircle aria-hidden="true" />}
        </button>
      )}
    </div>
  );
}
