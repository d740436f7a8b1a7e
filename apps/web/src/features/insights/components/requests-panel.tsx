import { useCallback, useEffect, useId, useState } from 'react';
import { VISITOR_REQUEST_STATUSES } from '@vuxo/shared/visitor-requests';
import { INSIGHTS_MSG } from '@vuxo/shared/messages';
import { MAIL_CONFIRM_MSG } from '@vuxo/shared/mail-addresses';
import { notifyEmailSchema, type BotRequestSettings, type BotRequestsResponse } from '@vuxo/shared/schemas';
import { Button } from '../../../components/ui/button';
import { formatDay, formatTime } from '../format';
import type { InsightsApi } from '../insights-api';
import { ReplyText } from '../../widget';
import styles from '../insights-page.module.css';

const M = INSIGHTS_MSG;

/** Visitors' requests to be contacted (decision 068): filter, search, reply by email, status, CSV, settings. */
export function RequestsPanel({ api, onError }: { api: InsightsApi; onError: (message: string) => void }) {
  const [query, setQuery] = useState({ q: '', status: '' });
  const [search, setSearch] = useState('');
  const [data, setData] = useState<BotRequestsResponse | null>(null);
  const [settings, setSettings] = useState<BotRequestSettings | null>(null);
  const [notify, setNotify] = useState('');
  const [notifyProblem, setNotifyProblem] = useState<string | null>(null);
  const notifyProblemId = useId();
  const notifyId = useId();

  const load = useCallback(() => {
    api.requests(query).then(setData, (error: Error) => onError(error.message));
  }, [api, query, onError]);
  useEffect(load, [load]);
  useEffect(() => {
    api.requestSettings().then(
      (s) => {
        setSettings(s);
        setNotify(s.notifyEmail ?? '');
      },
      (error: Error) => onError(error.message),
    );
  }, [api, onError]);

  const setStatus = (id: string, status: string) =>
    void api.setRequestStatus(id, status).then(load, (error: Error) => onError(error.message));
  const saveSettings = (requestsOn: boolean) => {
    const checked = notifyEmailSchema.safeParse(notify);
    setNotifyProblem(checked.success ? null : (checked.error.issues[0]?.message ?? null));
    if (!checked.success) return;
    void api
      .saveRequestSettings({ requestsOn, notifyEmail: notify })
      .then(setSettings, (error: Error) => onError(error.message));
  };

  return (
    <section className={styles.card} aria-labelledby="requests-title" id="requests">
      <div className={styles.cardHead}>
        <h2 id="requests-title">
          {M.requestsTitle}
          {data ? ` (${data.counts.new} ${M.requestStatus.new.toLowerCase()})` : ''}
        </h2>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void api.downloadRequestsCsv().catch((e: Error) => onError(e.message))}
        >
          {M.exportCsv}
        </Button>
      </div>
      {settings && (
        <form
          noValidate
          className={styles.settingsForm}
          onSubmit={(e) => {
            e.preventDefault();
            saveSettings(settings.requestsOn);
          }}
        >
          <label className={styles.toggle}>
            <input
              type="checkbox"
              checked={settings.requestsOn}
              onChange={(e) => saveSettings(e.target.checked)}
            />
            <span>{M.requestsOn}</span>
          </label>
          <label className={styles.field} htmlFor={notifyId}>
            {M.requestsNotify}
          </label>
          <div className={styles.inlineRow}>
            <input
              id={notifyId}
              type="email"
              value={notify}
              placeholder={settings.defaultEmail ?? ''}
              onChange={(e) => setNotify(e.target.value)}
              {...(notifyProblem ? { 'aria-describedby': notifyProblemId } : {})}
            />
            <Button size="sm" variant="secondary" type="submit">
              {M.requestsSave}
            </Button>
          </div>
          {notifyProblem && (
            <p role="alert" className={styles.error} id={notifyProblemId}>
              {notifyProblem}
            </p>
          )}
          {settings.pendingEmail && (
            <p role="status">
              {settings.notifyState === 'refused'
                ? MAIL_CONFIRM_MSG.refusedHere(settings.pendingEmail)
                : MAIL_CONFIRM_MSG.waiting(settings.pendingEmail, settings.sendTo)}
            </p>
          )}
        </form>
      )}
      <form
        role="search"
        className={styles.inlineRow}
        onSubmit={(e) => {
          e.preventDefault();
          setQuery((q) => ({ ...q, q: search.trim() }));
        }}
      >
        <input
          aria-label={M.requestsSearch}
          placeholder={M.requestsSearch}
          type="search"
          value={search}
          maxLength={200}
          onChange={(e) => setSearch(e.target.value)}
        />
        <select
          aria-label="Status"
          value={query.status}
          onChange={(e) => setQuery((q) => ({ ...q, status: e.target.value }))}
        >
          <option value="">{M.requestsAll}</option>
          {VISITOR_REQUEST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {M.requestStatus[s]}
            </option>
          ))}
        </select>
      </form>
      {data && data.requests.length === 0 && <p>{M.requestsEmpty}</p>}
      <ul aria-label={M.requestsTitle} className={styles.list}>
        {data?.requests.map((r) => (
          <li
            key={r.id}
            className={styles.item}
            aria-label={`${r.name ?? r.email ?? r.phone ?? ''}: ${r.question}`}
          >
            <p>
              <strong>{r.name ?? r.email ?? r.phone}</strong> · {M.requestStatus[r.status]} ·{' '}
              {formatDay(r.createdAt)} {formatTime(r.createdAt)}
            </p>
            <p>
              {r.email}
              {r.email && r.phone ? ' · ' : ''}
              {r.phone}
            </p>
            <blockquote>{r.question}</blockquote>
            {r.conversation.length > 0 && (
              <details>
                <summary>{M.requestConversation}</summary>
                {r.conversation.map((turn, i) => (
                  <div key={i}>
                    <p>Q: {turn.question}</p>
                    <ReplyText text={turn.reply} />
                  </div>
                ))}
              </details>
            )}
            <div>
              {r.replyLink && <a href={r.replyLink}>{M.requestReply}</a>}{' '}
              {r.status !== 'answered' && (
                <Button size="sm" variant="secondary" onClick={() => setStatus(r.id, 'answered')}>
                  {M.markAnswered}
                </Button>
              )}{' '}
              {r.status !== 'closed' ? (
                <Button size="sm" variant="ghost" onClick={() => setStatus(r.id, 'closed')}>
                  {M.closeRequest}
                </Button>
              ) : (
                <Button size="sm" variant="ghost" onClick={() => setStatus(r.id, 'new')}>
                  {M.reopenRequest}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
