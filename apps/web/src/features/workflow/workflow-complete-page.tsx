import { SimplePage } from '../../components/ui/simple-page';

/** /workflow/complete: the end of voice agent onboarding. Placeholder. */
export function WorkflowCompletePage() {
  return (
    <SimplePage
      eyebrow="Voice agent set-up"
      title="You’re all set"
      lead="We have your voice agent request. A dedicated lead will reach out soon to finish setting it up with you."
    />
  );
}
