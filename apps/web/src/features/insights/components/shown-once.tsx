import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { PUBLIC_API_MSG } from '@vuxo/shared/messages';
import { Button } from '../../../components/ui/button';
import { copyText } from '../../../components/ui/copy-details-button';
import styles from '../insights-page.module.css';

/** A secret just made (an API key, a webhook's signing secret), shown this once with a copy button. */
export function ShownOnce(props: {
  title: string;
  note: string;
  secret: string;
  doneLabel: string;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <div className={styles.item}>
      <p className={styles.question}>{props.title}</p>
      <p className={styles.meta} role="status">
        {props.note}
      </p>
      <code className={styles.secret}>{props.secret}</code>
      <div className={styles.actions}>
        <Button size="sm" onClick={() => void copyText(props.secret).then(() => setCopied(true))}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? PUBLIC_API_MSG.copied : PUBLIC_API_MSG.copy}
        </Button>
        <Button size="sm" variant="ghost" onClick={props.onDone}>
          {props.doneLabel}
        </Button>
      </div>
    </div>
  );
}
