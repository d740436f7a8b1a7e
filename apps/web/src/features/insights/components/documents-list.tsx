import { useCallback, useEffect, useRef, useState } from 'react';
import { DOCUMENT_TYPES } from '@vuxo/shared/bot';
import { DOCUMENTS_MSG, SOURCES_MSG, WIZARD_MSG } from '@vuxo/shared/messages';
import type { BotDocument, BotDocumentsResponse } from '@vuxo/shared/schemas';
import { Button } from '../../../components/ui/button';
import type { InsightsApi } from '../insights-api';
import styles from '../insights-page.module.css';

/** How often the list is read again while a document is read or a rebuild is pending. */
const POLL_MS = 1500;
const ACCEPT = [...DOCUMENT_TYPES.extensions, ...DOCUMENT_TYPES.mimeTypes].join(',');

/**
 * The bot's documents, listed first among its sources: each replaceable (the bot answers from the current one
 * until the new one is ready), more added on paid plans, and why the last change was not applied. An upload is
 * answered at once and read on the server (decision 084): its pages show as the wizard shows a scan's, then it is
 * pending until the rebuild makes it Ready.
 */
export function DocumentsList({ api, onError }: { api: InsightsApi; onError: (message: string) => void }) {
  const [data, setData] = useState<BotDocumentsResponse | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const reload = useCallback(
    () => api.documents().then(setData, (error: Error) => onError(error.message)),
    [api, onError],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  const pending = data?.documents.some((document) => document.status !== 'ready') ?? false;
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [pending, reload]);
  if (!data) return null;

  const upload = async (file: File, documentId?: string) => {
    setUploadError(null);
    try {
      await api.uploadDocument(file, documentId);
    } catch (error) {
      setUploadError((error as Error).message);
    }
    await reload();
  };
  const inUse = data.documents.filter((document) => document.status === 'ready');
  const counted = data.documents.filter((document) => document.status === 'ready' || !document.replaces);

  return (
    <>
      {pending && (
        <p className={styles.meta} role="status">
          {DOCUMENTS_MSG.rebuilding}
        </p>
      )}
      {data.error && (
        <p role="alert" className={styles.error}>
          {DOCUMENTS_MSG.failed(data.error)}
        </p>
      )}
      {uploadError && (
        <p role="alert" className={styles.error}>
          {uploadError}
        </p>
      )}
      <ul className={styles.list} aria-label={DOCUMENTS_MSG.listLabel}>
        {inUse.map((document, i) => (
          <DocumentItem
            key={document.id}
            document={document}
            replacing={data.documents.find((other) => other.replaces === document.id)}
            upload={(file) => upload(file, document.id)}
            remove={
              i === 0
                ? null
                : () => api.deleteDocument(document.id).then(reload, (e: Error) => onError(e.message))
            }
          />
        ))}
        {data.documents
          .filter((document) => document.status !== 'ready' && !document.replaces)
          .map((document) => (
            <li key={document.id} className={styles.item}>
              <p className={styles.question}>{SOURCES_MSG.documentSource(document.name)}</p>
              {document.status === 'reading' ? (
                <ReadingProgress document={document} />
              ) : (
                <p className={styles.meta}>{DOCUMENTS_MSG.pending}</p>
              )}
            </li>
          ))}
      </ul>
      {data.maxDocuments === 1 ? (
        <p className={styles.meta}>{DOCUMENTS_MSG.upgrade}</p>
      ) : (
        <>
          <p className={styles.meta}>{DOCUMENTS_MSG.allowance(counted.length, data.maxDocuments)}</p>
          {counted.length < data.maxDocuments && (
            <FilePicker label={DOCUMENTS_MSG.addDocument} text={DOCUMENTS_MSG.addDocument} pick={upload} />
          )}
        </>
      )}
    </>
  );
}

function DocumentItem(props: {
  document: BotDocument;
  replacing: BotDocument | undefined;
  upload: (file: File) => Promise<void>;
  remove: (() => Promise<unknown>) | null;
}) {
  const { document, replacing } = props;
  return (
    <li className={styles.item}>
      <p className={styles.question}>{SOURCES_MSG.documentSource(document.name)}</p>
      <p className={styles.meta}>
        {replacing ? DOCUMENTS_MSG.replacedBy(replacing.name) : SOURCES_MSG.status.ready}
      </p>
      {replacing?.status === 'reading' && <ReadingProgress document={replacing} />}
      <div className={styles.actions}>
        <FilePicker
          label={DOCUMENTS_MSG.replaceLabel(document.name)}
          text={DOCUMENTS_MSG.replace}
          pick={props.upload}
        />
        {props.remove && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void props.remove?.()}
            aria-label={`${SOURCES_MSG.remove} ${document.name}`}
          >
            {SOURCES_MSG.remove}
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * A document being read on the server: a scan's pages as the wizard shows them ("Reading page 3 of 6…"), or, until
 * the pages to read are known (and for a document with none), that it is being read.
 */
function ReadingProgress({ document }: { document: BotDocument }) {
  const { done, total } = document.reading ?? { done: 0, total: 0 };
  const text = total > 0 ? WIZARD_MSG.readingPage(Math.min(done + 1, total), total) : DOCUMENTS_MSG.reading;
  return (
    <>
      <div
        className={styles.readingTrack}
        role="progressbar"
        aria-label={WIZARD_MSG.readingLabel(document.name)}
        aria-valuemin={0}
        {...(total > 0 ? { 'aria-valuemax': total, 'aria-valuenow': done } : {})}
        aria-valuetext={text}
      >
        <span
          className={styles.readingFill}
          style={{ width: `${total > 0 ? Math.round((100 * done) / total) : 0}%` }}
        />
      </div>
      <p className={styles.meta} aria-live="polite">
        {text}
      </p>
    </>
  );
}

/** A button that opens the file chooser; the chosen file is uploaded at once. */
function FilePicker(props: { label: string; text: string; pick: (file: File) => Promise<void> }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className="visually-hidden"
        aria-label={props.label}
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          setBusy(true);
          void props.pick(file).finally(() => setBusy(false));
        }}
      />
      <Button size="sm" variant="secondary" disabled={busy} onClick={() => input.current?.click()}>
        {busy ? DOCUMENTS_MSG.replacing : props.text}
      </Button>
    </>
  );
}
