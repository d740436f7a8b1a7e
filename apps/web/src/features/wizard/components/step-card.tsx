import { useEffect, useRef, type FormEvent } from 'react';
import { WIZARD_MSG } from '@vuxo/shared/messages';
import { WIZARD_STEP_TITLES, WIZARD_SUMMARY_STEP } from '@vuxo/shared/wizard';
import { STEP_FIELDS } from '../state/bot-creation-state';
import { StepContent, type StepContentProps } from './step-content';
import { WizardNav } from './wizard-nav';
import { WizardProgress } from './wizard-progress';
import styles from './step-card.module.css';

const STEP_LEADS: Record<number, string> = {
  0: 'Your bot answers from one business document: a brochure, an FAQ, a menu or a price list.',
  1: 'Greet your visitors the way you would at the door.',
  2: 'Choose how your bot sounds in every answer.',
  3: 'Give your bot a name your customers will recognise.',
  4: 'Add a logo or a friendly face. You can skip this step.',
  5: 'Decide how far your bot may go beyond your document.',
};

interface Props extends Omit<StepContentProps, 'headingId'> {
  saving: boolean;
  onNext: () => void;
  onBack: () => void;
}

/** The wizard's card: progress, the step's heading (focused on every step change), content and buttons. */
export function StepCard({ saving, onNext, onBack, ...content }: Props) {
  const { state } = content;
  const step = state.activeStep;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = `step-${step}-title`;
  const summary = step === WIZARD_SUMMARY_STEP;
  const saved = summary && state.savedBotId !== null;
  const failed = summary && (!saved || content.build.phase === 'failed');
  const done = saved && content.build.phase === 'ready';

  const formRef = useRef<HTMLFormElement>(null);
  const fieldError = STEP_FIELDS[step]?.map((field) => state.errors[field]).find(Boolean);

  // Focus follows the user: to the new step's heading, and to a field when its check fails.
  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);
  useEffect(() => {
    if (!fieldError) return;
    formRef.current
      ?.querySelector<HTMLElement>('input[aria-invalid="true"], textarea[aria-invalid="true"]')
      ?.focus();
  }, [fieldError]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onNext();
  };

  const heading = !summary
    ? WIZARD_STEP_TITLES[step]
    : failed
      ? WIZARD_MSG.failed
      : done
        ? WIZARD_MSG.ready
        : WIZARD_MSG.learning;
  const eyebrow = summary ? WIZARD_STEP_TITLES[step] : `Step ${step + 1} of ${WIZARD_SUMMARY_STEP}`;

  const body = (
    <>
      <header className={styles.head}>
        <p className={styles.eyebrow}>{eyebrow}</p>
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className={styles.title}
          data-tone={failed ? 'failed' : undefined}
        >
          {heading ?? WIZARD_MSG.invalidStep}
        </h2>
        {STEP_LEADS[step] && <p className={styles.lead}>{STEP_LEADS[step]}</p>}
      </header>
      <StepContent {...content} headingId={headingId} />
    </>
  );

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <WizardProgress step={step} done={done} />
      {summary ? (
        // The summary has no Next, and holds a form of its own (the bot's contact): forms do not nest.
        <div className={styles.form}>{body}</div>
      ) : (
        <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
          {body}
          {step < WIZARD_SUMMARY_STEP && (
            <WizardNav
              step={step}
              uploading={content.upload.progress !== null || Boolean(content.upload.reading)}
              saving={saving}
              onBack={onBack}
            />
          )}
        </form>
      )}
    </section>
  );
}
