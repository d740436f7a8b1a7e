import { Check } from 'lucide-react';
import {
  WIZARD_STAGES,
  WIZARD_STEP_TITLES,
  WIZARD_SUMMARY_STEP,
  type WizardStage,
} from '@vuxo/shared/wizard';
import styles from './wizard-progress.module.css';

/** Which stage a step belongs to: the document is Setup, steps 1 to 5 Configure, the summary Finish. */
export function stageOf(step: number): WizardStage {
  if (step <= 0) return 'Setup';
  return step >= WIZARD_SUMMARY_STEP ? 'Finish' : 'Configure';
}

/** The progress bar: three stages, Setup, Configure and Finish. */
export function WizardProgress({ step, done }: { step: number; done: boolean }) {
  const current = WIZARD_STAGES.indexOf(stageOf(step));
  const percent = Math.round(((Math.min(step, WIZARD_SUMMARY_STEP) + 1) / (WIZARD_SUMMARY_STEP + 1)) * 100);
  const title = WIZARD_STEP_TITLES[step] ?? '';
  return (
    <div className={styles.progress}>
      <ol className={styles.stages} aria-label="Progress">
        {WIZARD_STAGES.map((stage, index) => {
          const complete = index < current || (done && index === current);
          return (
            <li
              key={stage}
              className={styles.stage}
              data-state={complete ? 'done' : index === current ? 'current' : 'todo'}
              aria-current={index === current ? 'step' : undefined}
            >
              <span className={styles.dot} aria-hidden="true">
                {complete ? <Check /> : index + 1}
              </span>
              <span className={styles.name}>{stage}</span>
            </li>
          );
        })}
      </ol>
      <div
        className={styles.track}
        role="progressbar"
        aria-label="Wizard progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={
          step < WIZARD_SUMMARY_STEP ? `Step ${step + 1} of ${WIZARD_SUMMARY_STEP}: ${title}` : title
        }
      >
        <span className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
