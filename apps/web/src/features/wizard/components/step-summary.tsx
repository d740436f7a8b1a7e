import { useState, type ReactNode } from 'react';
import { ArrowRight, CircleCheck, ListChecks, LoaderCircle, RotateCcw, Settings2 } from 'lucide-react';
import { KEY_FACTS_MSG, WIZARD_MSG } from '@vuxo/shared/messages';
import { CREATIVITY_CHOICES, TONE_LABELS, WIZARD_LABELS } from '@vuxo/shared/wizard';
import { CONFETTI_PIECES, WIZARD_CONFETTI_MS } from '../../../ui-tuning';
import { Button } from '../../../components/ui/button';
import { ConfettiBurst } from '../../../components/ui/confetti-burst';
import { ErrorBox } from '../../../components/ui/error-box';
import { BotContactForm, KeyFactsPanel } from '../../dashboard';
import type { BotCreationState } from '../state/bot-creation-state';
import type { BuildProgress } from '../hooks/use-build-progress';
import styles from './steps.module.css';

interface Props {
  state: BotCreationState;
  build: BuildProgress;
  onViewBot: () => void;
  onEdit: () => void;
  onStartOver: () => void;
}

/**
 * Step 6: the saved bot's build as it goes (decision 102): reading the document, then 'Your Bot Is Ready!' with
 * confetti (or the build's failure); View Bot, the bot's settings and its contact for questions it cannot answer.
 * 'Setup Failed' with the error when the bot could not be saved.
 */
export function StepSummary({ state, build, onViewBot, onEdit, onStartOver }: Props) {
  const [showFacts, setShowFacts] = useState(false);
  if (!state.savedBotId) {
    return (
      <div className={styles.stack}>
        <ErrorBox message={state.setupError ?? ''} />
        <div className={styles.summaryActions}>
          <Button variant="secondary" onClick={onStartOver}>
            <RotateCcw aria-hidden="true" />
            Start over
          </Button>
          <Button onClick={onEdit}>
            <Settings2 aria-hidden="true" />
            Back to settings
          </Button>
        </div>
      </div>
    );
  }
  const rows: [string, ReactNode][] = [
    ['Name', state.botName],
    ['Document', state.document?.name ?? ''],
    ['Tone', state.chatbotTone ? TONE_LABELS[state.chatbotTone] : ''],
    [
      'Creativity',
      state.creativityLevel
        ? `${CREATIVITY_CHOICES[state.creativityLevel].label} (${CREATIVITY_CHOICES[state.creativityLevel].detail})`
        : '',
    ],
    [
      'Avatar',
      state.imagePreview ? (
        <img
          className={styles.recapAvatar}
          src={state.imagePreview}
          alt={`${state.botName} avatar`}
          width={40}
          height={40}
        />
      ) : (
        'First letter of the name'
      ),
    ],
  ];
  return (
    <div className={styles.stack}>
      {build.phase === 'ready' && <ConfettiBurst pieces={CONFETTI_PIECES} durationMs={WIZARD_CONFETTI_MS} />}
      {build.phase === 'failed' ? (
        <ErrorBox message={WIZARD_MSG.buildFailed(build.reason)} />
      ) : (
        <p className={styles.success} role="status" data-phase={build.phase}>
          {build.phase === 'ready' ? (
            <CircleCheck aria-hidden="true" />
          ) : (
            <LoaderCircle aria-hidden="true" className={styles.spinning} />
          )}
          <span>
            {build.phase === 'ready'
              ? WIZARD_MSG.readyLine(state.botName)
              : WIZARD_MSG.learningLine(state.botName)}
          </span>
        </p>
      )}
      <div className={styles.summaryActions} data-align="start">
        <Button size="lg" onClick={onViewBot}>
          {WIZARD_LABELS.viewBot}
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
      <dl className={styles.recap}>
        {rows.map(([term, value]) => (
          <div key={term} className={styles.recapRow}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <BotContactForm
        className={styles.contactCard}
        botId={state.savedBotId}
        // The contact the last step chose, to change it here if the owner thinks again.
        initialChoice={state.contactChoice}
        initialEmail={state.contactChoice === 'other' ? state.contactEmail.trim() : ''}
      />
      {/* What the bot found in the document, read once the owner asks (the build may still be running). */}
      {showFacts ? (
        <KeyFactsPanel botId={state.savedBotId} />
      ) : (
        <div className={styles.summaryActions} data-align="start">
          <Button variant="secondary" onClick={() => setShowFacts(true)}>
            <ListChecks aria-hidden="true" />
            {KEY_FACTS_MSG.show}
          </Button>
        </div>
      )}
    </div>
  );
}
