import { useEffect, useId, useState } from 'react';
import { Check, Copy, ExternalLink } from 'lucide-react';
import { SHARE_MSG } from '@vuxo/shared/dashboard';
import { copyText } from '../../../components/ui/copy-details-button';
import styles from './share-dialog.module.css';

interface Props {
  label: string;
  hint: string;
  value: string;
  /** Code is shown in a wrapping monospace box; links on one line with an Open link. */
  kind: 'link' | 'code';
}

const COPIED_MS = 2000;

/** A read-only value with its Copy button; the result is announced. */
export function CopyField({ label, hint, value, kind }: Props) {
  const id = useId();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await copyText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
      <div className={styles.valueRow} data-kind={kind}>
        {kind === 'code' ? (
          <textarea
            id={id}
            className={`${styles.value} ${styles.code}`}
            value={value}
            readOnly
            rows={3}
            spellCheck={false}
            aria-describedby={`${id}-hint`}
            onClick={(event) => event.currentTarget.select()}
          />
        ) : (
          <input
            id={id}
            className={styles.value}
            value={value}
            readOnly
            aria-describedby={`${id}-hint`}
            onClick={(event) => event.currentTarget.select()}
          />
        )}
        <div className={styles.buttons}>
          <button
            type="button"
            className={styles.copy}
            onClick={() => void copy()}
            aria-label={`${SHARE_MSG.copy} ${label.toLowerCase()}`}
            data-state={state}
          >
            {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            <span aria-hidden="true">{state === 'copied' ? SHARE_MSG.copied : SHARE_MSG.copy}</span>
          </button>
          {kind === 'link' && (
            <a
              className={styles.copy}
              href={value}
              target="_blank"
              rel="noreferrer"
              aria-label={`${SHARE_MSG.open} ${label.toLowerCase()} in a new tab`}
            >
              <ExternalLink aria-hidden="true" />
              <span aria-hidden="true">{SHARE_MSG.open}</span>
            </a>
          )}
        </div>
      </div>
      <p className={styles.copyStatus} role="status">
        {state === 'copied'
          ? `${label} ${SHARE_MSG.copied.toLowerCase()}.`
          : state === 'failed'
            ? SHARE_MSG.copyFailed
            : ''}
      </p>
    </div>
  );
}
