import { useId, useState, type ReactNode } from 'react';
import type { OcrReadout } from '@vuxo/shared/schemas';
import { WIZARD_MSG } from '@vuxo/shared/messages';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import styles from './steps.module.css';

interface Props {
  readout: OcrReadout;
  /** Saves the owner's corrected text (the build then learns from it); throws with a message to show. */
  onSave: (text: string) => Promise<void>;
}

/** The text with the [start, end) ranges OCR was unsure of marked; a screen reader hears "unsure" after each. */
function MarkedText({ text, unsure }: OcrReadout) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of unsure) {
    if (start < at || end > text.length) continue;
    parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} title={WIZARD_MSG.ocrUnsure}>
        {text.slice(start, end)}
      </mark>,
      <span key={`${start}-said`} className="visually-hidden">
        {` (${WIZARD_MSG.ocrUnsure})`}
      </span>,
    );
    at = end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

/**
 * Text read from images: the note that it may contain mistakes, the text with its unsure words marked, and a
 * text area to fix it before the bot is built.
 */
export function OcrText({ readout, onSave }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const id = useId();

  const save = async () => {
    if (draft === null) return;
    setSaving(true);
    setError(null);
    try {
      await onSave(draft);
      setDraft(null);
      setSaved(true);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.ocrText}>
      <p className={styles.fileMeta}>{WIZARD_MSG.ocrNote}</p>
      {draft === null ? (
        <>
          <div className={styles.ocrReadout} role="region" aria-label={WIZARD_MSG.ocrTextLabel} tabIndex={0}>
            <MarkedText {...readout} />
          </div>
          {saved ? <p role="status">{WIZARD_MSG.ocrSaved}</p> : null}
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setSaved(false);
              setDraft(readout.text);
            }}
          >
            {WIZARD_MSG.ocrEdit}
          </Button>
        </>
      ) : (
        <>
          <label htmlFor={id} className={styles.fileMeta}>
            {WIZARD_MSG.ocrTextLabel}
          </label>
          <textarea
            id={id}
            className={styles.textarea}
            rows={12}
            value={draft}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setDraft(event.target.value)}
          />
          {error ? <ErrorBox id={`${id}-error`} message={error} /> : null}
          <div className={styles.ocrActions}>
            <Button size="sm" onClick={() => void save()} disabled={saving}>
              {WIZARD_MSG.ocrSave}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setDraft(null)} disabled={saving}>
              {WIZARD_MSG.ocrCancelEdit}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
