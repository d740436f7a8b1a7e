import { useEffect, useState } from 'react';
import { VOICE_AGENT_LIMITS, VOICE_AGENT_MSG } from '@vuxo/shared/voice-agent';
import type { BotSummary } from '@vuxo/shared/schemas';
import { errorMessage } from '../../../app/api-client';
import { useAuth } from '../../auth';
import { listUserBots } from '../../dashboard';
import { StepForm } from '../step-form';
import styles from '../personalize.module.css';
import type { StepProps } from './step-props';

type Bots =
  { status: 'loading' } | { status: 'ready'; bots: BotSummary[] } | { status: 'error'; message: string };

/** Step 4: the documents the agent answers from — those the owner's text bots already learned. Optional. */
export function DocumentsStep({ workflow, goNext, goBack }: StepProps) {
  const { getIdToken } = useAuth();
  const [bots, setBots] = useState<Bots>({ status: 'loading' });
  const [picked, setPicked] = useState<string[]>(workflow.state.uploadedDocs);
  const [error, setError] = useState<string>();

  useEffect(() => {
    let live = true;
    listUserBots(getIdToken).then(
      (list) => live && setBots({ status: 'ready', bots: list }),
      (failure: unknown) => live && setBots({ status: 'error', message: errorMessage(failure) }),
    );
    return () => {
      live = false;
    };
  }, [getIdToken]);

  const toggle = (name: string, on: boolean) => {
    setError(undefined);
    setPicked((current) => (on ? [...current, name] : current.filter((item) => item !== name)));
  };
  const submit = () => {
    if (picked.length > VOICE_AGENT_LIMITS.documentsMax) return setError(VOICE_AGENT_MSG.tooManyDocuments);
    workflow.mergePersonalization({ uploadedDocs: picked });
    workflow.nextStep();
    goNext();
  };

  return (
    <StepForm onBack={goBack} onSubmit={submit} error={bots.status === 'error' ? bots.message : error}>
      {bots.status === 'loading' && <p role="status">Loading your bots…</p>}
      {bots.status === 'ready' && bots.bots.length === 0 && (
        <p>You have no text bots yet. Your lead will collect the documents with you.</p>
      )}
      {bots.status === 'ready' && bots.bots.length > 0 && (
        <fieldset className={styles.checks}>
          <legend className={styles.groupTitle}>
            Use the documents your text bots learned from (optional)
          </legend>
          {bots.bots.map((bot) => (
            <label key={bot.botId}>
              <input
                type="checkbox"
                checked={picked.includes(bot.botName)}
                onChange={(event) => toggle(bot.botName, event.target.checked)}
              />
              {bot.botName}
            </label>
          ))}
        </fieldset>
      )}
      <p className={styles.hint}>
        Anything else, such as price lists or call scripts, your lead collects with you.
      </p>
    </StepForm>
  );
}
