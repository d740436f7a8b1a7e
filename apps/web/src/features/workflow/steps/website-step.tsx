import { useState } from 'react';
import { VOICE_AGENT_LIMITS, VOICE_AGENT_MSG, isWebsiteUrl } from '@vuxo/shared/voice-agent';
import { StepForm, TextField } from '../step-form';
import type { StepProps } from './step-props';

/** An address typed without its scheme is read as https, as a browser's address bar would. */
const withScheme = (text: string) => (text && !/^[a-z][a-z0-9+.-]*:/i.test(text) ? `https://${text}` : text);

/** Step 3: the business website, which the team reads to learn what the business offers. Optional. */
export function WebsiteStep({ workflow, goNext, goBack }: StepProps) {
  const [url, setUrl] = useState(workflow.state.websiteUrl);
  const [error, setError] = useState<string>();
  const submit = () => {
    const address = withScheme(url.trim());
    if (!isWebsiteUrl(address)) return setError(VOICE_AGENT_MSG.websiteInvalid);
    workflow.mergePersonalization({ websiteUrl: address });
    workflow.nextStep();
    goNext();
  };
  return (
    <StepForm onBack={goBack} onSubmit={submit}>
      <TextField
        id="workflow-website"
        label="Business website (optional)"
        hint="Leave it empty if you have none."
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://example.com"
        value={url}
        maxLength={VOICE_AGENT_LIMITS.websiteUrlMax}
        onChange={(value) => {
          setUrl(value);
          setError(undefined);
        }}
        error={error}
      />
    </StepForm>
  );
}
