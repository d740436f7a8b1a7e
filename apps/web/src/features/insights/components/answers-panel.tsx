import { useState } from 'react';
import { INSIGHTS_MSG } from '@vuxo/shared/messages';
import type { Correction, MissedQuestion } from '@vuxo/shared/schemas';
import { Button } from '../../../components/ui/button';
import { ReplyText } from '../../widget';
import { formatDay } from '../format';
import { CorrectionForm } from './correction-form';
import styles from '../insights-page.module.css';

/** What the owner is editing: a new answer (maybe for a missed question) or one of theirs. */
type Editing = { kind: 'new'; question: string; missedId?: string } | { kind: 'edit'; id: string } | null;

interface Props {
  missed: MissedQuestion[];
  corrections: Correction[];
  save: (value: { id?: string; question: string; answer: string }) => Promise<string | null>;
  remove: (id: string) => void;
  dismiss: (id: string) => void;
}

/** The missed questions, each answerable in one step, and the owner's own answers. */
export function AnswersPanel({ missed, corrections, save, remove, dismiss }: Props) {
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
  const saveAndClose = async (value: { id?: string; question: string; answer: string }) => {
    const error = await save(value);
    if (!error) close();
    return error;
  };

  return (
    <>
      <section className={styles.card} aria-labelledby="missed-title">
        <h2 id="missed-title">{INSIGHTS_MSG.missedTitle}</h2>
        <p className={styles.lead}>{INSIGHTS_MSG.missedLead}</p>
        {missed.length === 0 ? (
          <p className={styles.empty}>{INSIGHTS_MSG.missedEmpty}</p>
        ) : (
          <ul className={styles.list}>
            {missed.map((question) => (
              <li key={question.id} className={styles.item}>
                <p className={styles.question}>{question.text}</p>
                <p className={styles.meta}>
                  {INSIGHTS_MSG.askedTimes(question.count, formatDay(question.lastAskedAt))}
                </p>
                {question.reason ? (
                  <p className={styles.reason}>{INSIGHTS_MSG.missedReason(question.reason)}</p>
                ) : null}
                {question.answer !== null && (
                  <div className={styles.givenAnswer}>
                    <p className={styles.meta}>{INSIGHTS_MSG.missedAnswerLabel}</p>
                    <div className={styles.reply}>
                      <ReplyText text={question.answer} />
                    </div>
                  </div>
                )}
                {editing?.kind === 'new' && editing.missedId === question.id ? (
                  <CorrectionForm
                    initial={{ question: question.text, answer: '' }}
                    onSave={saveAndClose}
                    onCancel={close}
                  />
                ) : (
                  <div className={styles.actions}>
                    <Button
                      size="sm"
                      onClick={() =>
                        setEditing({ kind: 'new', question: question.text, missedId: question.id })
                      }
                    >
                      {question.answer === null ? INSIGHTS_MSG.writeAnswer : INSIGHTS_MSG.fixAnswer}
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => dismiss(question.id)}>
                      {INSIGHTS_MSG.dismiss}
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={styles.card} aria-labelledby="answers-title">
        <h2 id="answers-title">{INSIGHTS_MSG.correctionsTitle}</h2>
        <p className={styles.lead}>{INSIGHTS_MSG.correctionsLead}</p>
        {corrections.length === 0 && <p className={styles.empty}>{INSIGHTS_MSG.correctionsEmpty}</p>}
        <ul className={styles.list}>
          {corrections.map((correction) => (
            <li key={correction.id} className={styles.item}>
              {editing?.kind === 'edit' && editing.id === correction.id ? (
                <CorrectionForm
                  initial={correction}
                  onSave={(value) => saveAndClose({ ...value, id: correction.id })}
                  onCancel={close}
                />
              ) : (
                <>
                  <p className={styles.question}>{correction.question}</p>
                  <p className={styles.answer}>{correction.answer}</p>
                  <p className={styles.meta}>{INSIGHTS_MSG.correctionAnswered(correction.answered.count)}</p>
                  {correction.answered.recent.length > 0 && (
                    <ul className={styles.answeredList} aria-label={INSIGHTS_MSG.correctionAnsweredList}>
                      {correction.answered.recent.map((question, i) => (
                        <li key={i}>{question}</li>
                      ))}
                    </ul>
                  )}
                  <div className={styles.actions}>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setEditing({ kind: 'edit', id: correction.id })}
                    >
                      {INSIGHTS_MSG.edit}
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => remove(correction.id)}>
                      {INSIGHTS_MSG.remove}
                    </Button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
        {editing?.kind === 'new' && editing.missedId === undefined ? (
          <CorrectionForm initial={{ question: '', answer: '' }} onSave={saveAndClose} onCancel={close} />
        ) : (
          <Button size="sm" variant="secondary" onClick={() => setEditing({ kind: 'new', question: '' })}>
            {INSIGHTS_MSG.addCorrection}
          </Button>
        )}
      </section>
    </>
  );
}
