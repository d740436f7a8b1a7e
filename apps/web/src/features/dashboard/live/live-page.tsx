import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { LIVE_HEARTBEAT_S, LIVE_NOTIFY_AFTER_CHOICES, LIVE_OWNER_MSG } from '@vuxo/shared/live';
import { ROUTES } from '@vuxo/shared/routes';
import type { LiveConversationDetail, LiveConversations } from '@vuxo/shared/schemas';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { Container } from '../../../components/ui/section';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { useAuth } from '../../auth';
import { liveApi } from '../api/live';
import { LiveConversationView } from './live-conversation';
import styles from './live-page.module.css';

type Summary = LiveConversations['conversations'][number];

/** Read again this often besides the server's change events, should the stream be held up on the way. */
const RELOAD_EVERY_MS = 15_000;

/**
 * /dashboard/bots/:botId/live (protected, issue 47): the owner's visitors now, those waiting for a person first;
 * open one, answer, hand back. Being here keeps the owner online for the widget (a heartbeat), and a new request
 * shows a browser notification when the owner allowed them.
 */
export function LivePage() {
  const { botId = '' } = useParams();
  const { getIdToken } = useAuth();
  const api = useMemo(() => liveApi(getIdToken, botId), [getIdToken, botId]);
  const [list, setList] = useState<Summary[] | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [detail, setDetail] = useState<LiveConversationDetail | null>(null);
  const [name, setName] = useState('');
  const [notifyAfter, setNotifyAfter] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [canNotify, setCanNotify] = useState(
    () => typeof Notification !== 'undefined' && Notification.permission === 'default',
  );
  const notified = useRef<Set<string> | null>(null);
  const opened = useRef<string | null>(null);
  useEffect(() => {
    opened.current = openId;
  }, [openId]);
  usePageTitle(LIVE_OWNER_MSG.link);

  const reload = useCallback(async () => {
    try {
      const { conversations } = await api.conversations();
      setList(conversations);
      setError(null);
      const waiting = conversations.filter((c) => c.waiting).map((c) => c.id);
      // The first list is the page's start: only requests after it are news.
      if (notified.current && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
        for (const c of conversations.filter((c) => c.waiting && !notified.current!.has(c.id))) {
          new Notification(LIVE_OWNER_MSG.newRequest, { body: c.lastMessage, tag: c.id });
        }
      }
      notified.current = new Set([...(notified.current ?? []), ...waiting]);
      if (opened.current) setDetail(await api.conversation(opened.current));
    } catch {
      setError(LIVE_OWNER_MSG.loadFailed);
    }
  }, [api]);

  useEffect(() => {
    const beat = () =>
      api
        .presence()
        .then((p) => {
          setName((current) => current || p.displayName);
          setNotifyAfter((current) => current ?? p.notifyAfterMin);
        })
        .catch(() => undefined);
    void beat();
    const heartbeat = setInterval(beat, LIVE_HEARTBEAT_S * 1000);
    const poll = setInterval(() => void reload(), RELOAD_EVERY_MS);
    const stop = api.watch(() => void reload());
    return () => {
      clearInterval(heartbeat);
      clearInterval(poll);
      stop();
    };
  }, [api, reload]);

  const open = async (id: string | null) => {
    setOpenId(id);
    setDetail(id ? await api.conversation(id).catch(() => null) : null);
  };
  const waiting = list?.filter((c) => c.waiting) ?? [];
  const others = list?.filter((c) => !c.waiting) ?? [];

  return (
    <main className={styles.page}>
      <Container>
        <ButtonLink to={ROUTES.botInsights(botId)} variant="ghost" size="sm">
          <ArrowLeft aria-hidden="true" />
          Insights
        </ButtonLink>
        <h1 className={styles.title}>{LIVE_OWNER_MSG.link}</h1>
        {error && <ErrorBox message={error} />}
        <form
          className={styles.nameForm}
          onSubmit={(e) => {
            e.preventDefault();
            const choice = {
              ...(name.trim() ? { displayName: name.trim() } : {}),
              ...(notifyAfter ? { notifyAfterMin: notifyAfter } : {}),
            };
            void api.presence(choice).then((p) => setName(p.displayName));
          }}
        >
          <label>
            {LIVE_OWNER_MSG.displayNameLabel}
            <input value={name} maxLength={40} onChange={(e) => setName(e.target.value)} />
          </label>
          <label>
            {LIVE_OWNER_MSG.notifyAfterLabel}
            <select value={notifyAfter ?? ''} onChange={(e) => setNotifyAfter(Number(e.target.value))}>
              {LIVE_NOTIFY_AFTER_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {LIVE_OWNER_MSG.notifyAfterChoice(n)}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" variant="secondary" size="sm">
            {LIVE_OWNER_MSG.saveName}
          </Button>
          {canNotify && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => void Notification.requestPermission().then(() => setCanNotify(false))}
            >
              {LIVE_OWNER_MSG.notificationsOn}
            </Button>
          )}
        </form>
        {openId && detail ? (
          <LiveConversationView
            detail={detail}
            onBack={() => void open(null)}
            onReply={async (text) => {
              await api.reply(detail.id, text);
              await reload();
            }}
            onSaveAnswer={async (question, answer) => {
              await api.saveAnswer(question, answer);
            }}
            onHandBack={async () => {
              await api.handBack(detail.id);
              await reload();
            }}
          />
        ) : (
          <>
            <section className={styles.queue} aria-label={LIVE_OWNER_MSG.waitingTitle}>
              <h2>{LIVE_OWNER_MSG.waitingTitle}</h2>
              {waiting.length === 0 ? (
                <p>{LIVE_OWNER_MSG.nobodyWaiting}</p>
              ) : (
                <Rows rows={waiting} onOpen={open} />
              )}
            </section>
            <section className={styles.current} aria-label={LIVE_OWNER_MSG.currentTitle}>
              <h2>{LIVE_OWNER_MSG.currentTitle}</h2>
              {others.length === 0 ? (
                <p>{LIVE_OWNER_MSG.nobodyHere}</p>
              ) : (
                <Rows rows={others} onOpen={open} />
              )}
            </section>
          </>
        )}
      </Container>
    </main>
  );
}

function Rows({ rows, onOpen }: { rows: Summary[]; onOpen: (id: string) => Promise<void> }) {
  return (
    <ul className={styles.rows}>
      {rows.map((c) => (
        <li key={c.id}>
          <button type="button" onClick={() => void onOpen(c.id)}>
            <strong>{LIVE_OWNER_MSG.visitorLabel(c.visitor)}</strong>
            <span className={styles.last}>{c.lastMessage}</span>
            <span className={styles.tags}>
              {c.requested && <em>{LIVE_OWNER_MSG.asked}</em>}
              {c.declined && <em>{LIVE_OWNER_MSG.declinedTag}</em>}
              {c.held && <em>{LIVE_OWNER_MSG.heldTag}</em>}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
