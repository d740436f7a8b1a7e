import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { LoaderCircle } from 'lucide-react';
import { DOCUMENT_TYPES, type BotType } from '@vuxo/shared/bot';
import { ROUTES } from '@vuxo/shared/routes';
import { WIZARD_LAST_CONFIG_STEP, type NewBotArrivalState } from '@vuxo/shared/wizard';
import { NEXT_DEBOUNCE_MS } from '../../ui-tuning';
import { Button } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/error-box';
import { ErrorToast, useErrorToast } from '../../components/ui/error-toast';
import { usePageTitle } from '../../components/ui/use-page-title';
import { BotLimitDialog } from './components/bot-limit-dialog';
import { BotPreview } from './components/bot-preview';
import { BotTypeChoice } from './components/bot-type-choice';
import { HowItWorks } from './components/how-it-works';
import { StepCard } from './components/step-card';
import { useBotCreation } from './hooks/use-bot-creation';
import { useBuildProgress } from './hooks/use-build-progress';
import { useDocumentUpload } from './hooks/use-document-upload';
import { useFinish } from './hooks/use-finish';
import { useLeadingDebounce } from './hooks/use-leading-debounce';
import { usePostLoginFinish } from './hooks/use-post-login-finish';
import { useWizardStatus } from './hooks/use-wizard-status';
import { validateStep } from './state/validation';
import styles from './wizard-flow.module.css';

/** The wizard: type choice, steps 0 to 5, Finish, summary. */
const WIZARD_LEAD =
  'Upload one business document, make the bot your own, and it answers your customers in minutes.';

export function WizardFlow() {
  usePageTitle('Build your chatbot', WIZARD_LEAD);
  const navigate = useNavigate();
  const { state, dispatch, reset } = useBotCreation();
  const { status, plan, planError, retry } = useWizardStatus();
  const { toast, showError, dismiss } = useErrorToast();
  const [saveLimit, setSaveLimit] = useState<number | null>(null);
  const [limitDismissed, setLimitDismissed] = useState(false);

  const openLimitDialog = useCallback(
    (maxBots: number | null) => setSaveLimit(maxBots ?? plan?.limits.maxBots ?? 0),
    [plan],
  );
  const { finish, saving } = useFinish({ dispatch, reset, showError, openLimitDialog });
  usePostLoginFinish(state, dispatch, finish);
  const documentMaxBytes = plan?.limits.documentMaxBytes ?? DOCUMENT_TYPES.maxBytes;
  const upload = useDocumentUpload(state.sessionId, dispatch, documentMaxBytes);
  const build = useBuildProgress(state.savedBotId);

  const limitOpen = saveLimit !== null || (status === 'limit_reached' && !limitDismissed);
  const closeLimit = (open: boolean) => {
    if (open) return;
    setSaveLimit(null);
    setLimitDismissed(true);
  };

  const chooseType = (type: BotType) => {
    if (type === 'phone')
      navigate(ROUTES.plans, { state: { from: ROUTES.wizard, attemptedAction: 'phoneBot' } });
    else dispatch({ type: 'chooseType', botType: type });
  };

  const advance = useCallback(() => {
    const error = validateStep(state.activeStep, state);
    if (error) {
      dispatch({ type: 'setError', field: error.field, message: error.message });
      return;
    }
    if (state.activeStep === WIZARD_LAST_CONFIG_STEP) void finish(state);
    else dispatch({ type: 'nextStep' });
  }, [state, dispatch, finish]);
  const next = useLeadingDebounce(advance, NEXT_DEBOUNCE_MS);

  const viewBot = () => {
    if (!state.savedBotId) return;
    const arrival: NewBotArrivalState = {
      newBot: { botId: state.savedBotId, botName: state.botName },
      newConfig: true,
    };
    navigate(ROUTES.dashboard, { replace: true, state: arrival });
  };

  return (
    <main className={styles.page}>
      <div className={styles.shell}>
        <header className={styles.intro}>
          <p className={styles.eyebrow}>Chatbot builder</p>
          <h1 className={styles.title}>Build your AI chatbot</h1>
          <p className={styles.lead}>{WIZARD_LEAD}</p>
          {status === 'checking_plan' && (
            <p className={styles.checking} role="status">
              <LoaderCircle aria-hidden="true" />
              Checking your plan…
            </p>
          )}
        </header>
        {status === 'error' && planError && (
          <ErrorBox message={planError} className={styles.planError}>
            <Button size="sm" variant="secondary" onClick={retry}>
              Try again
            </Button>
          </ErrorBox>
        )}
        {state.typeChosen ? (
          <div className={styles.layout}>
            <StepCard
              state={state}
              dispatch={dispatch}
              saving={saving}
              upload={{
                progress: upload.progress,
                onFile: upload.upload,
                onSaveText: upload.saveText,
                reading: upload.reading,
                onCancelReading: () => void upload.cancelReading(),
                maxBytes: documentMaxBytes,
              }}
              build={build}
              onNext={next}
              onBack={() => dispatch({ type: 'previousStep' })}
              onViewBot={viewBot}
              onStartOver={reset}
            />
            <BotPreview state={state} />
          </div>
        ) : (
          <div className={styles.layout}>
            <BotTypeChoice onChoose={chooseType} />
            <HowItWorks />
          </div>
        )}
      </div>
      <BotLimitDialog
        open={limitOpen}
        maxBots={saveLimit ?? plan?.limits.maxBots ?? 0}
        onOpenChange={closeLimit}
      />
      <ErrorToast toast={toast} onDismiss={dismiss} />
    </main>
  );
}
