import type { ReactNode } from 'react';
import { Briefcase, GraduationCap, Library, Smile, Sparkles, Sun } from 'lucide-react';
import { CREATIVITY_LEVELS, TONES, type CreativityLevel, type Tone } from '@vuxo/shared/bot';
import { ROUTES } from '@vuxo/shared/routes';
import { CREATIVITY_CHOICES, TONE_LABELS, WIZARD_LABELS } from '@vuxo/shared/wizard';
import { Link } from 'react-router';
import { ErrorBox } from '../../../components/ui/error-box';
import { ChoiceCards, type Choice } from '../../../components/ui/choice-cards';
import styles from './steps.module.css';

const TONE_DETAILS: Record<Tone, { detail: string; icon: ReactNode }> = {
  friendly: { detail: 'Warm and welcoming', icon: <Smile /> },
  professional: { detail: 'Clear and businesslike', icon: <Briefcase /> },
  casual: { detail: 'Relaxed and chatty', icon: <Sun /> },
  formal: { detail: 'Polite and precise', icon: <GraduationCap /> },
};

const TONE_CHOICES: Choice<Tone>[] = TONES.map((tone) => ({
  value: tone,
  label: TONE_LABELS[tone],
  ...TONE_DETAILS[tone],
}));

const CREATIVITY_ICONS: Record<CreativityLevel, ReactNode> = {
  restricted: <Library />,
  balanced: <Sparkles />,
};

const CREATIVITY_CARDS: Choice<CreativityLevel>[] = CREATIVITY_LEVELS.map((level) => ({
  value: level,
  label: CREATIVITY_CHOICES[level].label,
  detail: CREATIVITY_CHOICES[level].detail,
  icon: CREATIVITY_ICONS[level],
}));

interface ChoiceStepProps<V extends string> {
  labelledBy: string;
  value: V | null;
  error: string | undefined;
  onChange: (value: V) => void;
}

/** Step 2: the tone, one of friendly, professional, casual or formal. */
export function StepTone({ labelledBy, value, error, onChange }: ChoiceStepProps<Tone>) {
  const errorId = error ? 'tone-error' : undefined;
  return (
    <div className={styles.stack}>
      <ChoiceCards
        name="tone"
        labelledBy={labelledBy}
        choices={TONE_CHOICES}
        value={value}
        onChange={onChange}
        errorId={errorId}
        columns={4}
      />
      {error && <ErrorBox id={errorId} message={error} />}
    </div>
  );
}

/** Step 5: the creativity level, with a hint to upgrade for more options. */
export function StepCreativity({ labelledBy, value, error, onChange }: ChoiceStepProps<CreativityLevel>) {
  const errorId = error ? 'creativity-error' : undefined;
  return (
    <div className={styles.stack}>
      <ChoiceCards
        name="creativity"
        labelledBy={labelledBy}
        choices={CREATIVITY_CARDS}
        value={value}
        onChange={onChange}
        errorId={errorId}
      />
      <p className={styles.upgradeHint}>
        <Sparkles aria-hidden="true" />
        <span>
          {WIZARD_LABELS.upgradeHint} <Link to={ROUTES.plans}>See plans</Link>
        </span>
      </p>
      {error && <ErrorBox id={errorId} message={error} />}
    </div>
  );
}
