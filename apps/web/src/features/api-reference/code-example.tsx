import { useEffect, useId, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import type { ApiExampleLanguage } from '@vuxo/shared/api-examples';
import { API_REFERENCE_MSG as M } from '@vuxo/shared/messages';
import { copyText } from '../../components/ui/copy-details-button';
import styles from './api-reference.module.css';

const COPIED_MS = 2000;

/** One example in each of its languages, a tab each, with a Copy button. */
export function CodeExample(props: {
  title: string;
  lead: string;
  sources: Partial<Record<ApiExampleLanguage, string>>;
}) {
  const id = useId();
  const languages = Object.keys(props.sources) as ApiExampleLanguage[];
  const [language, setLanguage] = useState(languages[0]!);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const source = props.sources[language] ?? '';

  return (
    <section className={styles.example} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{props.title}</h3>
      <p className={styles.muted}>{props.lead}</p>
      <div className={styles.tabs} role="tablist" aria-label={props.title}>
        {languages.map((each) => (
          <button
            key={each}
            type="button"
            role="tab"
            id={`${id}-${each}`}
            aria-selected={each === language}
            aria-controls={`${id}-panel`}
            className={styles.tab}
            onClick={() => setLanguage(each)}
          >
            {each}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${language}`} className={styles.panel}>
        <button
          type="button"
          className={styles.copy}
          aria-label={M.copyOf(props.title, language)}
          onClick={() => void copyText(source).then(() => setCopied(true))}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          <span aria-hidden="true">{copied ? M.copied : M.copy}</span>
        </button>
        <span role="status" className="visually-hidden">
          {copied ? M.copied : ''}
        </span>
        <pre className={styles.code} tabIndex={0}>
          <code>{source}</code>
        </pre>
      </div>
    </section>
  );
}
