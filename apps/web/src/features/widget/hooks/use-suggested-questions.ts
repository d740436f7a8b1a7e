import { useEffect, useReducer } from 'react';
import { MAX_RETRIES } from '@vuxo/shared/limits';
import { WIDGET_MSG } from '@vuxo/shared/messages';
import { generateQuestions } from '../api/generate-questions';
import { initialQuestionsState, questionsChanges, reducerOf } from './chat-state';
import type { CallerFor } from './use-widget-caller';

const reduce = reducerOf(questionsChanges);

/**
 * The suggested questions: the bot info's own, or generated once it has loaded without any (MAX_RETRIES
 * attempts, 1.5 s more apart each time). The bot info's events arrive through `hear`.
 */
export function useSuggestedQuestions(
  identifier: string | null,
  botId: string | null,
  callerFor: CallerFor,
  supportEmail: string,
) {
  const [state, hear] = useReducer(reduce, initialQuestionsState);
  const { questionsStatus: status, questionsAttempts: attempts } = state;

  useEffect(() => {
    if (status !== 'pending' || !botId) return;
    let live = true;
    generateQuestions(callerFor([identifier, botId]), botId).then(
      (questions) => live && hear({ type: 'questionsLoaded', questions }),
      () => {
        if (!live) return;
        const final = attempts + 1 >= MAX_RETRIES;
        const error = final
          ? WIDGET_MSG.suggestionsMaxRetries(supportEmail)
          : WIDGET_MSG.suggestionsFailed(attempts + 1, supportEmail);
        hear({ type: 'questionsFailed', final, error });
      },
    );
    return () => {
      live = false;
    };
  }, [status, attempts, identifier, botId, callerFor, supportEmail]);

  useEffect(() => {
    if (status !== 'waiting') return;
    const timer = setTimeout(() => hear({ type: 'questionsRetry' }), 1500 * attempts);
    return () => clearTimeout(timer);
  }, [status, attempts]);

  return { questions: state.questions, error: state.questionsError, hear };
}
