import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../auth';
import { botCreationReducer, type BotCreationState } from '../state/bot-creation-state';
import { readFinalizeAction } from '../state/wizard-data';
import type { WizardDispatch } from './use-bot-creation';

/**
 * After sign-in, /login brings the user back with the post-login action: the wizard puts its data
 * back, clears that navigation state and re-runs the save.
 */
export function usePostLoginFinish(
  state: BotCreationState,
  dispatch: WizardDispatch,
  finish: (state: BotCreationState) => Promise<void>,
) {
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef<unknown>(null);
  const signedIn = Boolean(user?.emailVerified);

  useEffect(() => {
    const action = readFinalizeAction(location.state);
    if (!action || !signedIn || handled.current === location.key) return;
    handled.current = location.key;
    const restored = botCreationReducer(state, { type: 'restore', data: action.wizardData });
    navigate(location.pathname, { replace: true, state: null });
    dispatch({ type: 'restore', data: action.wizardData });
    void finish(restored);
  }, [location, signedIn, state, dispatch, finish, navigate]);
}
