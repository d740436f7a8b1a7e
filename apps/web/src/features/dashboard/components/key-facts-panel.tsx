import { useEffect, useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { KEY_FACTS_MSG as M } from '@vuxo/shared/messages';
import { keyFactsSchema, type KeyFactsResponse } from '@vuxo/shared/schemas';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../app/api-client';
import { useAuth } from '../../auth';
import { getKeyFacts, saveKeyFacts } from '../api/key-facts';
import { draftOf, factsOf, KeyFactsForm, type FactsDraft } from './key-facts-form';
import styles from './key-facts-panel.module.css';

/** How often the facts are read again while the bot is still reading its document. */
const POLL_MS = 1500;

type Status = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; message: string };

interface Props {
  botId: string;
  className?: string;
}

/**
 * "What your bot knows": the phone numbers, emails, website, address, opening hours and prices the bot found in
 * the document, with the owner's corrections; the owner corrects, adds or removes any of them and saves. At the
 * end of the wizard and on the bot's page.
 */
export function KeyFactsPanel({ botId, className }: Props) {
  const { getIdToken } = useAuth();
  const [data, setData] = useState<KeyFactsResponse | null>(null);
  const [draft, setDraft] = useState<FactsDraft | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [loadError, setLoadError] = useState<string | null>(null);
  const ready = data?.ready ?? false;

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      getKeyFacts(getIdToken, botId).then(
        (next) => {
          if (!live) return;
          setData(next);
          setLoadError(null);
          if (next.ready) setDraft(draftOf(next.facts));
          else timer = setTimeout(load, POLL_MS);
        },
        (failure: unknown) => live && setLoadError(M.loadFailed(errorMessage(failure))),
      );
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [botId, getIdToken]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const parsed = keyFactsSchema.safeParse(factsOf(draft));
    if (!parsed.success) {
      return setStatus({ kind: 'error', message: parsed.error.issues[0]?.message ?? M.saveFailed('') });
    }
    setStatus({ kind: 'saving' });
    try {
      const next = await saveKeyFacts(getIdToken, botId, parsed.data);
      setData(next);
      setDraft(draftOf(next.facts));
      setStatus({ kind: 'saved' });
    } catch (failure) {
      setStatus({ kind: 'error', message: M.saveFailed(errorMessage(failure)) });
    }
  };

  return (
    <section
      className={[styles.panel, className].filter(Boolean).join(' ')}
      aria-labelledby={`${botId}-facts`}
    >
      <h2 id={`${botId}-facts`} className={styles.title}>
        {M.title}
      </h2>
      <p className={styles.lead}>{M.lead}</p>
      {loadError && (
        <p className={styles.status} data-tone="error" role="alert">
          {loadError}
        </p>
      )}
      {!loadError && !ready && (
        <p className={styles.reading}>
          <Loader2 aria-hidden="true" className={styles.spinner} />
          {M.reading}
        </p>
      )}
      {ready && draft && data && (
        <form onSubmit={(event) => void save(event)} noValidate>
          <KeyFactsForm
            draft={draft}
            edited={data.edited}
            onChange={(next) => {
              setDraft(next);
              if (status.kind !== 'saving') setStatus({ kind: 'idle' });
            }}
          />
          <div className={styles.actions}>
            <Button type="submit" size="sm" disabled={status.kind === 'saving'}>
              {status.kind === 'saving' && <Loader2 aria-hidden="true" className={styles.spinner} />}
              {status.kind === 'saving' ? M.saving : M.save}
            </Button>
            <p className={styles.status} data-tone={status.kind} role="status">
              {status.kind === 'saved' && M.saved}
              {status.kind === 'error' && status.message}
            </p>
          </div>
        </form>
      )}
    </section>
  );
}
