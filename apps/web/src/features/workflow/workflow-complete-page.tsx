import { ROUTES } from '@vuxo/shared/routes';
import { PHONE_NUMBER_CHOICES, VOICE_AGENT_MSG, VOICE_CHOICES } from '@vuxo/shared/voice-agent';
import { PLANS } from '@vuxo/shared/plans';
import { ButtonLink } from '../../components/ui/button';
import { SimplePage } from '../../components/ui/simple-page';
import { useWorkflowState } from './workflow-state';
import styles from './personalize.module.css';

const labelOf = (choices: readonly { id: string; label: string }[], id: string | null) =>
  choices.find((choice) => choice.id === id)?.label ?? '—';

/** /workflow/complete: what the owner asked for, and who reaches out next. */
export function WorkflowCompletePage() {
  const { state, reset } = useWorkflowState();
  if (!state.isComplete || !state.user) {
    return (
      <SimplePage eyebrow="Phone agent set-up" title={VOICE_AGENT_MSG.nothingSent}>
        <ButtonLink to={ROUTES.personalize(1)} size="lg">
          {VOICE_AGENT_MSG.start}
        </ButtonLink>
      </SimplePage>
    );
  }
  const phone = state.chatbotType === 'phone';
  return (
    <SimplePage
      eyebrow="Phone agent set-up"
      title={VOICE_AGENT_MSG.completeTitle}
      lead={VOICE_AGENT_MSG.completeLead}
    >
      <div className={styles.card}>
        <h2>Your request</h2>
        <dl className={styles.summary}>
          <dt>Name</dt>
          <dd>{state.user.name}</dd>
          <dt>Email</dt>
          <dd>{state.user.email}</dd>
          <dt>Plan</dt>
          <dd>{state.selectedPlan ? PLANS[state.selectedPlan].name : '—'}</dd>
          <dt>Website</dt>
          <dd>{state.websiteUrl || '—'}</dd>
          <dt>Documents</dt>
          <dd>{state.uploadedDocs.length ? state.uploadedDocs.join(', ') : '—'}</dd>
          <dt>Bot type</dt>
          <dd>{phone ? 'Phone agent' : 'Text chatbot'}</dd>
          {phone && (
            <>
              <dt>Phone number</dt>
              <dd>{labelOf(PHONE_NUMBER_CHOICES, state.selectedPhoneNumber)}</dd>
              <dt>Voice</dt>
              <dd>{labelOf(VOICE_CHOICES, state.selectedVoice)}</dd>
            </>
          )}
        </dl>
        <div className={styles.actions}>
          <ButtonLink to={ROUTES.dashboard}>Go to your dashboard</ButtonLink>
          <ButtonLink to={ROUTES.personalize(1)} variant="secondary" onClick={reset}>
            Start another request
          </ButtonLink>
        </div>
      </div>
    </SimplePage>
  );
}
