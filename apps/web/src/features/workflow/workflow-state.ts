import { useMemo, useReducer } from 'react';
import { DEFAULT_BOT_TYPE, type BotType } from '@vuxo/shared/bot';
import type { PlanKey } from '@vuxo/shared/plans';
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
  | { type: 'reset' };

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
  }
}

/** The workflow state with its actions; reset also clears the stored sessionId and activeDocId. */
export function useWorkflowState(initial: WorkflowState = initialWorkflowState) {
  const [state, dispatch] = useReducer(workflowReducer, initial);
  const actions = useMemo(
    () => ({
      setUser: (user: { id: string; email: string; name?: string | null }) =>
        dispatch({ type: 'setUser', user }),
      selectPlan: (plan: PlanKey) => dispatch({ type: 'selectPlan', plan }),
      mergePersonalization: (data: PersonalizationData) => dispatch({ type: 'mergePersonalization', data }),
      nextStep: () => dispatch({ type: 'nextStep' }),
      previousStep: () => dispatch({ type: 'previousStep' }),
      complete: () => dispatch({ type: 'complete' }),
      reset: () => {
        clearWizardStorage();
        dispatch({ type: 'reset' });
      },
    }),
    [],
  );
  return { state, ...actions };
}
