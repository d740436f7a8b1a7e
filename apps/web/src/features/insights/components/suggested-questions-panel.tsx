import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { SUGGESTED_QUESTIONS_MSG as M } from '@vuxo/shared/messages';
import {
  suggestedQuestionListSchema,
  suggestedQuestionSchema,
  type SuggestedQuestionsResponse,
} from '@vuxo/shared/schemas';
import { SUGGESTED_QUESTIONS_LIMITS as L } from '@vuxo/shared/suggested-questions';
import { Button } from '../../../components/ui/button';
import type { InsightsApi } from '../insights-api';
import styles from '../insights-page.module.css';
import own from './suggested-questions-panel.module.css';

type Status = 'idle' | 'saving' | 'saved' | 'reset';

/** The first problem the shared schema finds, or null. */
const problemOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

/**
 * The suggested questions visitors see as buttons in the chat (decision 107): the owner edits, removes, reorders
 * (with buttons, so by keyboard too) and adds them, then saves; the list is the owner's from then on, and the owner
 * can give it back to the document's build.
 */
export function SuggestedQuestionsPanel({
  api,
  onError,
  onSaved,
}: {
  api: InsightsApi;
  onError: (message: string) => void;
  /** The list visitors see changed (the check-up asks the new questions). */
  onSaved?: () => void;
}) {
  const id = useId();
  const [data, setData] = useState<SuggestedQuestionsResponse | null>(null);
  const [draft, setDraft] = useState<string[]>([]);
  const [adding, setAdding] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  // The control to focus once the list is drawn again: a moved question's button follows it.
  const focus = useRef<string | null>(null);

  const show = (next: SuggestedQuestionsResponse) => {
    setData(next);
    setDraft(next.questions);
  };
  useEffect(() => {
    api.suggestedQuestions().then(show, (failure: Error) => onError(failure.message));
  }, [api, onError]);
  useEffect(() => {
    if (!focus.current) return;
    document.getElementById(focus.current)?.focus();
    focus.current = null;
  }, [draft]);

  const change = (next: string[], focusId?: string) => {
    setDraft(next);
    setProblem(null);
    setStatus('idle');
    focus.current = focusId ?? null;
  };
  const control = (index: number, action: 'up' | 'down' | 'remove') => `${id}-${index}-${action}`;
  const move = (from: number, to: number) => {
    const next = [...draft];
    const [question] = next.splice(from, 1);
    next.splice(to, 0, question!);
    // Moved to an end, its button there is disabled: the other one keeps the keyboard in the list.
    const action = to < from ? (to === 0 ? 'down' : 'up') : to === next.length - 1 ? 'up' : 'down';
    change(next, control(to, action));
  };
  const remove = (index: number) => {
    const next = draft.filter((_, i) => i !== index);
    change(next, next.length === 0 ? `${id}-add` : control(Math.min(index, next.length - 1), 'remove'));
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    const one = suggestedQuestionSchema.safeParse(adding);
    const list = one.success ? suggestedQuestionListSchema.safeParse([...draft, one.data]) : one;
    const found = problemOf(one) ?? problemOf(list);
    if (found || !one.success) return setProblem(found);
    change([...draft, one.data]);
    setAdding('');
  };

  const save = async () => {
    const parsed = suggestedQuestionListSchema.safeParse(draft);
    if (!parsed.success) return setProblem(problemOf(parsed));
    setStatus('saving');
    try {
      show(await api.saveSuggestedQuestions(parsed.data));
      setProblem(null);
      setStatus('saved');
      onSaved?.();
    } catch (failure) {
      setStatus('idle');
      setProblem((failure as Error).message);
    }
  };
  const reset = async () => {
    setStatus('saving');
    try {
      show(await api.resetSuggestedQuestions());
      setProblem(null);
      setStatus('reset');
      onSaved?.();
    } catch (failure) {
      setStatus('idle');
      setProblem((failure as Error).message);
    }
  };

  if (!data) return null;
  const problemId = `${id}-problem`;
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{M.title}</h2>
      <p className={styles.lead}>{M.lead}</p>
      <p className={styles.meta}>{data.edited ? M.yours : M.fromDocument}</p>
      {draft.length === 0 ? (
        <p className={styles.empty}>{M.empty}</p>
      ) : (
        <ol className={own.list}>
          {draft.map((question, index) => (
            <li key={index} className={own.row}>
              <input
                type="text"
                className={own.input}
                aria-label={M.questionLabel(index + 1)}
                value={question}
                maxLength={L.chars + 20}
                onChange={(event) => change(draft.map((q, i) => (i === index ? event.target.value : q)))}
              />
              <button
                type="button"
                id={control(index, 'up')}
                className={own.icon}
                aria-label={M.moveUp(question)}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                <ArrowUp aria-hidden="true" />
              </button>
              <button
                type="button"
                id={control(index, 'down')}
                className={own.icon}
                aria-label={M.moveDown(question)}
                disabled={index === draft.length - 1}
                onClick={() => move(index, index + 1)}
              >
                <ArrowDown aria-hidden="true" />
              </button>
              <button
                type="button"
                id={control(index, 'remove')}
                className={own.icon}
                aria-label={M.remove(question)}
                onClick={() => remove(index)}
              >
                <X aria-hidden="true" />
              </button>
            </li>
          ))}
        </ol>
      )}
      {draft.length < L.count && (
        <form className={styles.inlineRow} onSubmit={add} noValidate>
          <input
            id={`${id}-add`}
            type="text"
            aria-label={M.add}
            placeholder={M.question}
            value={adding}
            maxLength={L.chars + 20}
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) => {
              setAdding(event.target.value);
              setProblem(null);
            }}
          />
          <Button type="submit" size="sm" variant="secondary">
            {M.add}
          </Button>
        </form>
      )}
      {problem && (
        <p id={problemId} className={styles.error} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.actions}>
        <Button size="sm" disabled={status === 'saving'} onClick={() => void save()}>
          {M.save}
        </Button>
        {data.edited && (
          <Button size="sm" variant="ghost" disabled={status === 'saving'} onClick={() => void reset()}>
            {M.reset}
          </Button>
        )}
      </div>
      <p className={styles.meta} role="status">
        {status === 'saved' && M.saved}
        {status === 'reset' && M.resetDone}
      </p>
    </section>
  );
}
