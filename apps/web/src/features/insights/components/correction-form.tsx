import { useId, useState, type FormEvent } from 'react';
import { CORRECTION_ANSWER_MAX, CORRECTION_QUESTION_MAX } from '@vuxo/shared/insights';
import { INSIGHTS_MSG } from '@vuxo/shared/messages';
import { Button } from '../../../components/ui/button';
import styles from '../insights-page.module.css';

interface Props {
  initial: { question: string; answer: string };
  /** Saves; resolves to an error message to show, or null when saved. */
  onSave: (value: { question: string; answer: string }) => Promise<string | null>;
  onCancel: () => void;
}

/** The owner's answer to a question: checked here with the server's own rules, then saved. */
export function CorrectionForm({ initial, onSave, onCancel }: Props) {
  const id = useId();
  const [question, setQuestion] = useState(initial.question);
  const [answer, setAnswer] = useState(initial.answer);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const q = question.trim();
    const a = answer.trim();
    const problem = !q
      ? INSIGHTS_MSG.correctionQuestionRequired
      : !a
        ? INSIGHTS_MSG.correctionAnswerRequired
        : q.length > CORRECTION_QUESTION_MAX
          ? INSIGHTS_MSG.correctionQuestionTooLong(CORRECTION_QUESTION_MAX)
          : a.length > CORRECTION_ANSWER_MAX
            ? INSIGHTS_MSG.correctionAnswerTooLong(CORRECTION_ANSWER_MAX)
            : null;
    if (problem) return setError(problem);
    setSaving(true);
    const failed = await onSave({ question: q, answer: a });
    setSaving(false);
    if (failed) setError(failed);
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-q`}>{INSIGHTS_MSG.questionLabel}</label>
      <input
        id={`${id}-q`}
        value={question}
        maxLength={CORRECTION_QUESTION_MAX}
        onChange={(event) => setQuestion(event.target.value)}
      />
      <label htmlFor={`${id}-a`}>{INSIGHTS_MSG.answerLabel}</label>
      <textarea
        id={`${id}-a`}
        rows={3}
        value={answer}
        maxLength={CORRECTION_ANSWER_MAX}
        onChange={(event) => setAnswer(event.target.value)}
      />
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" size="sm" disabled={saving}>
          {INSIGHTS_MSG.saveCorrection}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          {INSIGHTS_MSG.cancel}
        </Button>
      </div>
    </form>
  );
}
