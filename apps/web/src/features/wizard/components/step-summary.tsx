import { useState, type ReactNode } from 'react';
import { ArrowRight, CircleCheck, ListChecks, RotateCcw, Settings2 } from 'lucide-react';
import { KEY_FACTS_MSG } from '@vuxo/shared/messages';
import { CREATIVITY_CHOICES, TONE_LABELS, WIZARD_LABELS } from '@vuxo/shared/wizard';
import { CONFETTI_PIECES, WIZARD_CONFETTI_MS } from '../../../ui-tuning';
import { Button } from '../../../components/ui/button';
import { ConfettiBurst } from '../../../components/ui/confetti-burst';
import { ErrorBox } from '../../../components/ui/error-box';
import { BotContactForm, KeyFactsPanel } from '../../dashboard';
import type { BotCreationState } from '../state/bot-creation-state';
import styles from './steps.module.css';

interface Props {
  state: BotCreationState;
  onViewBot: () => void;
  onEdit: () => void;
  onStartOver: () => void;
}

/**
 * Step 6: 'Your Bot Is Ready!' with confetti, View Bot, the bot's settings and its contact for questions it
 * cannot answer, or 'Setup Failed' with the error.
 */
export function StepSummary({ state, onViewBot, onEdit, onStartOver }: Props) {
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
      <ConfettiBurst pieces={CONFETTI_PIECES} durationMs={WIZARD_CONFETTI_MS} />
      <p className={styles.success}>
        <CircleCheck aria-hidden="true" />
        <span>{state.botName} is learning from your document now. It will be ready to chat in a moment.</span>
      </p>
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
