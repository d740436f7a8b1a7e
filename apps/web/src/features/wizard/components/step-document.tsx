import { useState, type DragEvent } from 'react';
import { FileText, Trash2, UploadCloud } from 'lucide-react';
import { DOCUMENT_TYPES } from '@vuxo/shared/bot';
import { ErrorBox } from '../../../components/ui/error-box';
import type { UploadedDocument } from '../state/bot-creation-state';
import { acceptAttribute } from '../state/validation';
import { WIZARD_MSG } from '@vuxo/shared/messages';
import type { ReadingProgress, UploadProgress } from '../hooks/use-document-upload';
import { ConfirmRemoveDialog } from './confirm-remove-dialog';
import { formatBytes } from './format-bytes';
import { OcrText } from './ocr-text';
import styles from './steps.module.css';

interface Props {
  document: UploadedDocument | null;
  /** The document's opening words, as the server read them. */
  preview: string;
  error: string | undefined;
  progress: UploadProgress | null;
  /** A scanned document being read on the server: its pages read so far. */
  reading?: ReadingProgress | null;
  onCancelReading?: () => void;
  onFile: (file: File | null | undefined) => void;
  onRemove: () => void;
  /** Saves the owner's fix of text read from images (shown when the document was read by OCR). */
  onSaveText: (text: string) => Promise<void>;
  maxBytes: number;
}

export const DOCUMENT_INPUT_LABEL = 'Choose a document';

/** "1.2 MB · 12 pages · Uploaded": what is known of the uploaded file. */
function documentFacts({ size, pageCount }: UploadedDocument): string {
  const facts = [
    size > 0 ? formatBytes(size) : null,
    pageCount ? `${pageCount} ${pageCount === 1 ? 'page' : 'pages'}` : null,
    'Uploaded',
  ];
  return facts.filter(Boolean).join(' · ');
}

/** Step 0: one PDF, Word or text file, up to the plan's size (5MB before sign-in), with upload progress; removal asks first. */
export function StepDocument({
  document,
  preview,
  error,
  progress,
  reading = null,
  onCancelReading = () => {},
  onFile,
  onRemove,
  onSaveText,
  maxBytes,
}: Props) {
  const [dragging, setDragging] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const errorId = error ? 'document-error' : undefined;

  const drop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    onFile(event.dataTransfer.files[0] ?? null);
  };

  return (
    <div className={styles.stack}>
      {reading && !progress ? (
        <div className={styles.fileCard}>
          <FileText className={styles.fileIcon} aria-hidden="true" />
          <div className={styles.fileBody}>
            <p className={styles.fileName}>{reading.fileName}</p>
            <div
              className={styles.uploadTrack}
              role="progressbar"
              aria-label={WIZARD_MSG.readingLabel(reading.fileName)}
              aria-valuemin={0}
              aria-valuemax={reading.total}
              aria-valuenow={reading.done}
              aria-valuetext={WIZARD_MSG.readingPage(
                Math.min(reading.done + 1, reading.total),
                reading.total,
              )}
            >
              <span
                className={styles.uploadFill}
                style={{ width: `${Math.round((100 * reading.done) / reading.total)}%` }}
              />
            </div>
            <p className={styles.fileMeta} aria-live="polite">
              {WIZARD_MSG.readingPage(Math.min(reading.done + 1, reading.total), reading.total)}
            </p>
          </div>
          <button type="button" className={styles.textButton} onClick={onCancelReading}>
            {WIZARD_MSG.readingCancel}
          </button>
        </div>
      ) : progress ? (
        <div className={styles.fileCard} aria-live="polite">
          <FileText className={styles.fileIcon} aria-hidden="true" />
          <div className={styles.fileBody}>
            <p className={styles.fileName}>{progress.fileName}</p>
            <div
              className={styles.uploadTrack}
              role="progressbar"
              aria-label={`Uploading ${progress.fileName}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress.percent}
            >
              <span className={styles.uploadFill} style={{ width: `${progress.percent}%` }} />
            </div>
            <p className={styles.fileMeta}>
              {progress.percent < 100 ? `Uploading… ${progress.percent}%` : 'Reading your document…'}
            </p>
          </div>
        </div>
      ) : document ? (
        <>
          <div className={styles.fileCard}>
            <FileText className={styles.fileIcon} aria-hidden="true" />
            <div className={styles.fileBody}>
              <p className={styles.fileName}>{document.name}</p>
              <p className={styles.fileMeta}>{documentFacts(document)}</p>
              {preview && !document.ocr ? <p className={styles.filePreview}>“{preview}”</p> : null}
            </div>
            <button
              type="button"
              className={styles.iconButton}
              onClick={() => setConfirming(true)}
              aria-label={`Remove ${document.name}`}
            >
              <Trash2 aria-hidden="true" />
            </button>
          </div>
          {document.ocr ? <OcrText readout={document.ocr} onSave={onSaveText} /> : null}
        </>
      ) : (
        <label
          className={styles.dropZone}
          data-dragging={dragging || undefined}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
        >
          <input
            type="file"
            className={styles.fileInput}
            accept={acceptAttribute(DOCUMENT_TYPES)}
            aria-label={DOCUMENT_INPUT_LABEL}
            aria-describedby={['document-hint', errorId].filter(Boolean).join(' ')}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              onFile(event.target.files?.[0] ?? null);
              event.target.value = '';
            }}
          />
          <UploadCloud className={styles.dropIcon} aria-hidden="true" />
          <span className={styles.dropTitle}>
            <span className={styles.dropLink}>Click to upload</span> or drag and drop
          </span>
          <span id="document-hint" className={styles.hint}>
            PDF, Word or text file, or a photo of one, up to {formatBytes(maxBytes)}
          </span>
        </label>
      )}
      {error && <ErrorBox id={errorId} message={error} />}
      <ConfirmRemoveDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove this document?"
        description={`${document?.name ?? 'The document'} will be removed. You can upload another one.`}
        onConfirm={() => {
          setConfirming(false);
          onRemove();
        }}
      />
    </div>
  );
}
