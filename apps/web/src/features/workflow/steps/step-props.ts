import type { useWorkflowState } from '../workflow-state';

/** What every onboarding step gets: the workflow state and its actions, and the way to the next step. */
export type Workflow = ReturnType<typeof useWorkflowState>;
export interface StepProps {
  workflow: Workflow;
  goNext: () => void;
  goBack: (() => void) | null;
}
