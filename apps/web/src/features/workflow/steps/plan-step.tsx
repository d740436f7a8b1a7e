import { useState } from 'react';
import { PLANS } from '@vuxo/shared/plans';
import { VOICE_AGENT_MSG, VOICE_AGENT_PLANS, type VoiceAgentPlan } from '@vuxo/shared/voice-agent';
import { ChoiceGroup, StepForm } from '../step-form';
import type { StepProps } from './step-props';

const isVoicePlan = (plan: string | null): plan is VoiceAgentPlan =>
  VOICE_AGENT_PLANS.some((key) => key === plan);

/** Step 2: the plans that include a phone agent. */
export function PlanStep({ workflow, goNext, goBack }: StepProps) {
  const chosen = workflow.state.selectedPlan;
  const [plan, setPlan] = useState<VoiceAgentPlan | null>(isVoicePlan(chosen) ? chosen : null);
  const [error, setError] = useState<string>();
  const submit = () => {
    if (!plan) return setError(VOICE_AGENT_MSG.planRequired);
    workflow.selectPlan(plan);
    goNext();
  };
  return (
    <StepForm onBack={goBack} onSubmit={submit}>
      <ChoiceGroup
        name="workflow-plan"
        title="Plan"
        value={plan}
        onChange={(value) => {
          setPlan(value);
          setError(undefined);
        }}
        error={error}
        choices={VOICE_AGENT_PLANS.map((key) => ({
          value: key,
          label: PLANS[key].name,
          detail: PLANS[key].features.slice(0, 3).join(', '),
          badge: PLANS[key].priceText,
        }))}
      />
    </StepForm>
  );
}
