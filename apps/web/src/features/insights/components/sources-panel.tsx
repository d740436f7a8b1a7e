import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { SOURCES_MSG } from '@vuxo/shared/messages';
import { ROUTES } from '@vuxo/shared/routes';
import type { BotSource, BotSourcesResponse, SourceChange } from '@vuxo/shared/schemas';
import { isWebAddress, SOURCE_URL_MAX, type SourceKind } from '@vuxo/shared/sources';
import { Button, ButtonLink } from '../../../components/ui/button';
import { formatDay } from '../format';
import type { InsightsApi } from '../insights-api';
import { DocumentsList } from './documents-list';
import styles from '../insights-page.module.css';

/** How often the list is read again while a source is being read. */
const POLL_MS = 1500;

const isBusy = (source: BotSource) => source.status === 'queued' || source.status === 'fetching';
const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-US')} KB`;

/** The owner's problem with an address before it goes to the server, which checks the same rules. */
function urlProblem(url: string): string | null {
  if (!url) return SOURCES_MSG.urlRequired;
  if (url.length > SOURCE_URL_MAX) return SOURCES_MSG.urlTooLong(SOURCE_URL_MAX);
  if (!isWebAddress(url)) return SOURCES_MSG.urlInvalid;
  return null;
}

/** The bot's website sources: the plan's allowance, each page's status, and the way to add one. */
export function SourcesPanel({ api, onError }: { api: InsightsApi; onError: (message: string) => void }) {
  const [data, setData] = useState<BotSourcesResponse | null>(null);
  const reload = useCallback(
    () => api.sources().then(setData, (error: Error) => onError(error.message)),
    [api, onError],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  const busy = data?.sources.some(isBusy) ?? false;
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => void reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [busy, reload]);
  if (!data) return null;

  return (
    <section className={styles.card} aria-labelledby="sources-title">
      <h2 id="sources-title">{SOURCES_MSG.title}</h2>
      <DocumentsList api={api} onError={onError} />
      {data.maxSources === 0 ? (
        <>
          <p className={styles.lead}>{SOURCES_MSG.upgrade}</p>
          <ButtonLink to={ROUTES.plans} size="sm" className={styles.start}>
            {SOURCES_MSG.seePlans}
          </ButtonLink>
        </>
      ) : (
        <>
          <p className={styles.lead}>{SOURCES_MSG.lead}</p>
          <p className={styles.meta}>{SOURCES_MSG.allowance(data.sources.length, data.maxSources)}</p>
          {data.sources.length < data.maxSources && (
            <AddSourceForm siteCrawl={data.siteCrawl} add={api.addSource} onAdded={reload} />
          )}
          {data.sources.length === 0 ? (
            <p className={styles.empty}>{SOURCES_MSG.empty}</p>
          ) : (
            <ul className={styles.list} aria-label={SOURCES_MSG.title}>
              {data.sources.map((source) => (
                <SourceItem
                  key={source.id}
                  source={source}
                  refresh={() => api.refreshSource(source.id).then(reload)}
                  pause={(paused) => api.pauseSource(source.id, paused).then(reload)}
                  remove={() => api.deleteSource(source.id).then(reload)}
                  choose={(label, take) => api.chooseSourceFact(source.id, label, take).then(reload)}
                  onError={onError}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function SourceItem(props: {
  source: BotSource;
  refresh: () => Promise<unknown>;
  pause: (paused: boolean) => Promise<unknown>;
  remove: () => Promise<unknown>;
  choose: (label: string, take: boolean) => Promise<unknown>;
  onError: (message: string) => void;
}) {
  const { source } = props;
  const [removing, setRemoving] = useState(false);
  const act = (action: () => Promise<unknown>) =>
    void action().catch((error: Error) => {
      setRemoving(false);
      props.onError(error.message);
    });
  const details = [
    source.pageCount !== undefined && source.kind === 'site' ? SOURCES_MSG.pages(source.pageCount) : null,
    source.bytes !== undefined ? kilobytes(source.bytes) : null,
    source.fetchedAt ? SOURCES_MSG.fetchedOn(formatDay(source.fetchedAt)) : null,
  ].filter(Boolean);

  return (
    <li className={styles.item}>
      <p className={styles.question}>{source.title ?? source.url}</p>
      <p className={styles.meta}>
        <a href={source.url} target="_blank" rel="noopener noreferrer">
          {source.url}
        </a>
      </p>
      <p className={styles.meta}>
        <span className={source.status === 'failed' ? styles.tag : undefined}>
          {SOURCES_MSG.status[source.status]}
        </span>
        {details.length > 0 && ` · ${details.join(' · ')}`}
      </p>
      {source.error && <p className={styles.error}>{source.error}</p>}
      {source.failure && source.failingSince && (
        <p className={styles.error}>
          {SOURCES_MSG.failingSince(formatDay(source.failingSince), source.failure)}
        </p>
      )}
      {source.refreshPaused && <p className={styles.meta}>{SOURCES_MSG.paused}</p>}
      {source.lastChange && (
        <WhatChanged
          change={source.lastChange}
          choose={(label, take) => act(() => props.choose(label, take))}
        />
      )}
      <div className={styles.actions}>
        <Button
          size="sm"
          variant="secondary"
          disabled={isBusy(source) || removing}
          onClick={() => act(props.refresh)}
          aria-label={`${SOURCES_MSG.refresh} ${source.title ?? source.url}`}
        >
          {SOURCES_MSG.refresh}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={removing}
          onClick={() => act(() => props.pause(!source.refreshPaused))}
          aria-label={`${source.refreshPaused ? SOURCES_MSG.resumeSchedule : SOURCES_MSG.pauseSchedule} ${source.title ?? source.url}`}
        >
          {source.refreshPaused ? SOURCES_MSG.resumeSchedule : SOURCES_MSG.pauseSchedule}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={removing}
          onClick={() => {
            setRemoving(true);
            act(props.remove);
          }}
          aria-label={`${SOURCES_MSG.remove} ${source.title ?? source.url}`}
        >
          {removing ? SOURCES_MSG.removing : SOURCES_MSG.remove}
        </Button>
      </div>
    </li>
  );
}

/** What the last re-read changed (decision 119): per page its changed facts, then the sentences added and removed. */
function WhatChanged(props: { change: SourceChange; choose: (label: string, take: boolean) => void }) {
  const { change } = props;
  return (
    <section className={styles.changes} aria-label={SOURCES_MSG.whatChanged(formatDay(change.changedAt))}>
      <h3 className={styles.meta}>{SOURCES_MSG.whatChanged(formatDay(change.changedAt))}</h3>
      {change.pages.map((page) => (
        <div key={page.url}>
          {change.pages.length > 1 && <p className={styles.meta}>{page.title}</p>}
          {page.facts.length > 0 && (
            <ul aria-label={page.title}>
              {page.facts.map((fact) => (
                <li key={fact.label}>
                  {`${fact.label}: ${fact.before ?? '—'} → ${fact.after ?? '—'}`}
                  {fact.yours !== undefined && (
                    <span className={styles.actions}>
                      <span>
                        {SOURCES_MSG.websiteNowSays(fact.label, fact.after ?? '—')}{' '}
                        {SOURCES_MSG.yoursIs(fact.yours)}
                      </span>
                      <Button size="sm" variant="secondary" onClick={() => props.choose(fact.label, false)}>
                        {SOURCES_MSG.keepYours}
                      </Button>
                      <Button size="sm" onClick={() => props.choose(fact.label, true)}>
                        {SOURCES_MSG.takeIt}
                      </Button>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
          <SentenceList label={SOURCES_MSG.added} sentences={page.added} />
          <SentenceList label={SOURCES_MSG.removed} sentences={page.removed} />
        </div>
      ))}
    </section>
  );
}

function SentenceList(props: { label: string; sentences: string[] }) {
  if (props.sentences.length === 0) return null;
  return (
    <>
      <p className={styles.meta}>{props.label}</p>
      <ul aria-label={props.label}>
        {props.sentences.map((sentence) => (
          <li key={sentence}>
            {props.label === SOURCES_MSG.added ? <ins>{sentence}</ins> : <del>{sentence}</del>}
          </li>
        ))}
      </ul>
    </>
  );
}

function AddSourceForm(props: {
  siteCrawl: boolean;
  add: (source: { url: string; kind: SourceKind }) => Promise<unknown>;
  onAdded: () => Promise<unknown>;
}) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [kind, setKind] = useState<SourceKind>('page');
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = url.trim();
    const problem = urlProblem(address);
    if (problem) return setError(problem);
    setError(null);
    setAdding(true);
    try {
      await props.add({ url: address, kind });
      setUrl('');
      await props.onAdded();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setAdding(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-url`}>{SOURCES_MSG.urlLabel}</label>
      <input
        id={`${id}-url`}
        type="url"
        inputMode="url"
        value={url}
        placeholder={SOURCES_MSG.urlPlaceholder}
        maxLength={SOURCE_URL_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setUrl(event.target.value)}
      />
      {props.siteCrawl && (
        <fieldset className={styles.choice}>
          <legend>{SOURCES_MSG.kindLabel}</legend>
          {(['page', 'site'] as const).map((value) => (
            <label key={value}>
              <input
                type="radio"
                name={`${id}-kind`}
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
              />
              {value === 'page' ? SOURCES_MSG.kindPage : SOURCES_MSG.kindSite}
            </label>
          ))}
        </fieldset>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" size="sm" disabled={adding}>
          {adding ? SOURCES_MSG.adding : SOURCES_MSG.add}
        </Button>
      </div>
    </form>
  );
}
