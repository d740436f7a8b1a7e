import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import styles from './copy-details-button.module.css';

const COPIED_MS = 2000;

/** Copies text to the clipboard, falling back to a hidden text area where the Clipboard API is refused. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // Fall back below: older browsers, or a page without clipboard permission.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('Copy failed');
}

/** The error's details for a support request: the message, where and when it happened. */
export function errorDetails(message: string, extra?: string): string {
  return [
    `Error: ${message}`,
    extra,
    `Page: ${window.location.href}`,
    `Time: ${new Date().toISOString()}`,
    `Browser: ${navigator.userAgent}`,
  ]
    .filter(Boolean)
    .join('\n');
}

interface Props {
  /** The text copied, or a function that makes it when clicked (see {@link errorDetails}). */
  details: string | (() => string);
  label?: string;
  tone?: 'light' | 'dark';
}

/** 'Copy details': every error box has one. */
export function CopyDetailsButton({ details, label = 'Copy details', tone = 'light' }: Props) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = () => {
    copyText(typeof details === 'function' ? details() : details).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };

  return (
    <button type="button" className={styles.button} data-tone={tone} onClick={copy}>
      {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span>{label}</span>
      <span className={styles.status} role="status">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : ''}
      </span>
    </button>
  );
}
