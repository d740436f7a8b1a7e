import { useState } from 'react';
import { INSIGHTS_MSG } from '@vuxo/shared/messages';
import type { CheckUpResponse } from '@vuxo/shared/schemas';
import { Button } from '../../../components/ui/button';
import { CorrectionForm } from './correction-form';
import { ReplyText } from '../../widget';
import styles from '../insights-page.module.css';

interface Props {
  /** The bot's answers now; undefined while they load. */
  checkUp: CheckUpResponse | undefined;
  save: (value: { question: string; answer: string }) => Promise<string | null>;
}

/** The check-up: the bot's answers to its suggested questions and everyday questions, each one click from a fix. */
export function CheckUpPanel({ checkUp, save }: Props) {
  const [fixing, setFixing] = useState<string | null>(null);

  return (
    <section className={styles.card} aria-labelledby="check-up-title">
      <h2 id="check-up-title">{INSIGHTS_MSG.checkUpTitle}</h2>
      <p className={styles.lead}>{INSIGHTS_MSG.checkUpLead}</p>
      {checkUp && !checkUp.ready && <p className={styles.empty}>{INSIGHTS_MSG.checkUpNotReady}</p>}
      {checkUp?.ready && checkUp.items.length === 0 && (
        <p className={styles.empty}>{INSIGHTS_MSG.checkUpEmpty}</p>
      )}
      {checkUp?.ready && checkUp.items.length > 0 && (
        <ul className={styles.list}>
          {checkUp.items.map((item) => (
            <li key={item.question} className={styles.item}>
              <p className={styles.question}>{item.question}</p>
              <div className={styles.reply}>
                <ReplyText text={item.reply} />
              </div>
              <span
                className={item.outcome === 'answered' || item.outcome === 'saved' ? styles.meta : styles.tag}
              >
                {INSIGHTS_MSG.checkUpOutcome[item.outcome]}
              </span>
              {fixing === item.question ? (
                <CorrectionForm
                  initial={{ question: item.question, answer: '' }}
                  onSave={async (value) => {
                    const error = await save(value);
                    if (!error) setFixing(null);
                    return error;
                  }}
                  onCancel={() => setFixing(null)}
                />
              ) : (
                <div className={styles.actions}>
                  <Button size="sm" variant="secondary" onClick={() => setFixing(item.question)}>
                    {INSIGHTS_MSG.fixAnswer}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
