import { useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_BOT_TYPE, type BotType } from '@vuxo/shared/bot';
import type { PlanKey } from '@vuxo/shared/plans';
import { WORKFLOW_STATE_KEY } from '@vuxo/shared/storage-keys';
import { clearWizardStorage } from '../wizard';

/** The workflow user: name defaults to 'User'. */
export interface WorkflowUser {
  id: string;
  email: string;
  name: string;
}

export const DEFAULT_WORKFLOW_USER_NAME = 'User';

/** The workflow state (first description): the voice agent onboarding. */
export interface WorkflowState {
  currentStep: number;
  user: WorkflowUser | null;
  selectedPlan: PlanKey | null;
  websiteUrl: string;
  uploadedDocs: string[];
  chatbotType: BotType;
  selectedPhoneNumber: string | null;
  selectedVoice: string | null;
  isComplete: boolean;
}

export const initialWorkflowState: WorkflowState = {
  currentStep: 0,
  user: null,
  selectedPlan: null,
  websiteUrl: '',
  uploadedDocs: [],
  chatbotType: DEFAULT_BOT_TYPE,
  selectedPhoneNumber: null,
  selectedVoice: null,
  isComplete: false,
};

/** What the personalise pages may merge in. */
export type PersonalizationData = Partial<
  Pick<WorkflowState, 'websiteUrl' | 'uploadedDocs' | 'chatbotType' | 'selectedPhoneNumber' | 'selectedVoice'>
>;

export type WorkflowAction =
  | { type: 'setUser'; user: { id: string; email: string; name?: string | null } }
  | { type: 'selectPlan'; plan: PlanKey }
  | { type: 'mergePersonalization'; data: PersonalizationData }
  | { type: 'nextStep' }
  | { type: 'previousStep' }
  | { type: 'complete' }
  | { type: 'reset' }
  /** The step the address shows, after the browser's back or forward buttons. */
  | { type: 'showStep'; step: number };

export function workflowReducer(state: WorkflowState, action: WorkflowAction): WorkflowState {
  switch (action.type) {
    case 'setUser': {
      const name = action.user.name?.trim() || DEFAULT_WORKFLOW_USER_NAME;
      return { ...state, user: { id: action.user.id, email: action.user.email, name }, currentStep: 1 };
    }
    case 'selectPlan':
      return {
        ...state,
        selectedPlan: action.plan,
        chatbotType: DEFAULT_BOT_TYPE,
        selectedPhoneNumber: null,
        selectedVoice: null,
        currentStep: 2,
      };
    case 'mergePersonalization':
      return { ...state, ...action.data };
    case 'nextStep':
      return { ...state, currentStep: state.currentStep + 1 };
    case 'previousStep':
      return { ...state, currentStep: Math.max(0, state.currentStep - 1) };
    case 'complete':
      return { ...state, isComplete: true, currentStep: state.currentStep + 1 };
    case 'reset':
      return initialWorkflowState;
    case 'showStep':
      return { ...state, currentStep: Math.max(0, action.step) };
  }
}

/** The state kept in this tab's session storage, so the onboarding survives a reload; else the start. */
export function storedWorkflowState(): WorkflowState {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(WORKFLOW_STATE_KEY) ?? 'null');
    if (stored && typeof stored === 'object') return { ...initialWorkflowState, ...stored };
  } catch {
    // Unreadable or unavailable storage: start over.
  }
  return initialWorkflowState;
}

function storeWorkflowState(state: WorkflowState) {
  try {
    sessionStorage.setItem(WORKFLOW_STATE_KEY, JSON.stringify(state));
  } catch {
    // Storage full or blocked: the onboarding still works within this page.
  }
}

let current: WorkflowState | null = null;
const listeners = new Set<() => void>();
const snapshot = () => (current ??= storedWorkflowState());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Applies an action at once and stores the result, so the next page reads it even as this one unmounts. */
function dispatch(action: WorkflowAction) {
  current = workflowReducer(snapshot(), action);
  storeWorkflowState(current);
  for (const listener of listeners) listener();
}

/**
 * The workflow state with its actions, one for the tab, kept in session storage across the onboarding's
 * pages and a reload; reset also clears the stored sessionId and activeDocId.
 */
export function useWorkflowState() {
  const state = useSyncExternalStore(subscribe, snapshot, () => initialWorkflowState);
  const actions = useMemo(
    () => ({
      setUser: (user: { id: string; email: string; name?: string | null }) =>
        dispatch({ type: 'setUser', user }),
      selectPlan: (plan: PlanKey) => dispatch({ type: 'selectPlan', plan }),
      mergePersonalization: (data: PersonalizationData) => dispatch({ type: 'mergePersonalization', data }),
      nextStep: () => dispatch({ type: 'nextStep' }),
      previousStep: () => dispatch({ type: 'previousStep' }),
      complete: () => dispatch({ type: 'complete' }),
      showStep: (step: number) => dispatch({ type: 'showStep', step }),
      reset: () => {
        clearWizardStorage();
        dispatch({ type: 'reset' });
      },
    }),
    [],
  );
  return { state, ...actions };
}
