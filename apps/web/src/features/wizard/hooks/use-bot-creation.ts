import { useCallback, useReducer } from 'react';
import { botCreationReducer, initialBotCreationState } from '../state/bot-creation-state';
import { clearWizardStorage, ensureSessionId } from '../state/wizard-session';

/**
 * The bot-creation state with its session: the stored sessionId is read (or created) on mount; reset
 * clears the stored sessionId and activeDocId and starts a new session.
 */
export function useBotCreation() {
  const [state, dispatch] = useReducer(botCreationReducer, null, () =>
    initialBotCreationState(ensureSessionId()),
  );
  const reset = useCallback(() => {
    clearWizardStorage();
    dispatch({ type: 'reset', sessionId: ensureSessionId() });
  }, []);
  return { state, dispatch, reset };
}

export type WizardDispatch = ReturnType<typeof useBotCreation>['dispatch'];
