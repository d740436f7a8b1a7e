import { useState } from 'react';
import { VOICE_AGENT_LIMITS, VOICE_AGENT_MSG } from '@vuxo/shared/voice-agent';
import type { AuthUser } from '../../auth';
import { StepForm, TextField } from '../step-form';
import type { StepProps } from './step-props';

/** Step 1: who the team will reach — the signed-in account, with the name they go by. */
export function DetailsStep({ workflow, goNext, user }: StepProps & { user: AuthUser }) {
  const [name, setName] = useState(workflow.state.user?.name ?? user.displayName ?? '');
  const [error, setError] = useState<string>();
  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) return setError(VOICE_AGENT_MSG.nameRequired);
    if (trimmed.length > VOICE_AGENT_LIMITS.nameMax) return setError(VOICE_AGENT_MSG.nameTooLong);
    workflow.setUser({ id: user.uid, email: user.email ?? '', name: trimmed });
    goNext();
  };
  return (
    <StepForm onBack={null} onSubmit={submit}>
      <TextField
        id="workflow-name"
        label="Your name"
        autoComplete="name"
        value={name}
        onChange={(value) => {
          setName(value);
          setError(undefined);
        }}
        error={error}
        maxLength={VOICE_AGENT_LIMITS.nameMax}
      />
      <TextField
        id="workflow-email"
        label="Email"
        hint="Your lead writes to the address of your Vuxo account."
        value={user.email ?? ''}
        onChange={() => undefined}
        readOnly
      />
    </StepForm>
  );
}
