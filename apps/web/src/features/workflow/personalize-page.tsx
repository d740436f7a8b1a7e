import { useEffect, type ComponentType } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ROUTES } from '@vuxo/shared/routes';
import { VOICE_AGENT_MSG } from '@vuxo/shared/voice-agent';
import { ButtonLink } from '../../components/ui/button';
import { PageLoading } from '../../components/ui/page-loading';
import { SimplePage } from '../../components/ui/simple-page';
import { useAuth, type AuthUser, type LoginState } from '../auth';
import { DetailsStep } from './steps/details-step';
import { DocumentsStep } from './steps/documents-step';
import { PhoneStep } from './steps/phone-step';
import { PlanStep } from './steps/plan-step';
import type { StepProps } from './steps/step-props';
import { WebsiteStep } from './steps/website-step';
import { useWorkflowState } from './workflow-state';
import styles from './personalize.module.css';

export type PersonalizeStep = 1 | 2 | 3 | 4 | 5;
const LAST_STEP = 5;

const STEPS: Record<
  PersonalizeStep,
  { title: string; text: string; Step: ComponentType<StepProps & { user: AuthUser }> }
> = {
  1: {
    title: 'Your details',
    text: 'Tell us who you are, so your lead knows who to reach.',
    Step: DetailsStep,
  },
  2: { title: 'Your plan', text: 'The phone agent comes with Pro and Enterprise.', Step: PlanStep },
  3: {
    title: 'Your website',
    text: 'Share your business website so your agent learns what you offer.',
    Step: WebsiteStep,
  },
  4: {
    title: 'Your documents',
    text: 'Choose the documents your agent should answer from.',
    Step: DocumentsStep,
  },
  5: {
    title: 'Number and voice',
    text: 'Pick the bot type, a phone number and the voice your callers will hear.',
    Step: PhoneStep,
  },
};

/**
 * /workflow/personalize/step1 to step5: the phone agent onboarding. Each step is its own address; the
 * workflow state carries the answers between them, and a step whose earlier answers are missing sends the
 * owner back to the first one missing.
 */
export function PersonalizePage({ step }: { step: PersonalizeStep }) {
  const { status, user } = useAuth();
  const workflow = useWorkflowState();
  const navigate = useNavigate();
  const { state, showStep } = workflow;
  const ownState = !!user && state.user?.id === user.uid;
  const firstMissing = !ownState ? 1 : !state.selectedPlan ? 2 : null;
  const shown = firstMissing === null || step <= firstMissing;

  useEffect(() => {
    if (shown && state.currentStep !== step - 1) showStep(step - 1);
  }, [shown, step, state.currentStep, showStep]);

  const { title, text, Step } = STEPS[step];
  if (status === 'loading') return <PageLoading />;
  if (!user) return <SignInFirst />;
  if (!shown) return <Navigate to={ROUTES.personalize(firstMissing!)} replace />;

  const goNext = () =>
    navigate(step < LAST_STEP ? ROUTES.personalize((step + 1) as PersonalizeStep) : ROUTES.workflowComplete);
  const goBack =
    step > 1
      ? () => {
          workflow.previousStep();
          navigate(ROUTES.personalize((step - 1) as PersonalizeStep));
        }
      : null;

  return (
    <SimplePage eyebrow={`Phone agent set-up · Step ${step} of ${LAST_STEP}`} title={title} lead={text}>
      <div className={styles.card}>
        <ol className={styles.progress} aria-hidden="true">
          {Object.keys(STEPS).map((key) => (
            <li key={key} data-done={Number(key) <= step || undefined} />
          ))}
        </ol>
        <Step workflow={workflow} goNext={goNext} goBack={goBack} user={user} />
      </div>
    </SimplePage>
  );
}

function SignInFirst() {
  const state: LoginState = { redirectAfterLogin: ROUTES.personalize(1) };
  return (
    <SimplePage
      eyebrow="Phone agent set-up"
      title={VOICE_AGENT_MSG.signInTitle}
      lead={VOICE_AGENT_MSG.signInText}
    >
      <ButtonLink to={ROUTES.login} state={state} size="lg">
        {VOICE_AGENT_MSG.signInButton}
      </ButtonLink>
    </SimplePage>
  );
}
