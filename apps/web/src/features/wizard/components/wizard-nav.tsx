import { ArrowLeft, ArrowRight, Check, LoaderCircle } from 'lucide-react';
import { WIZARD_LABELS, WIZARD_LAST_CONFIG_STEP } from '@vuxo/shared/wizard';
import { Button } from '../../../components/ui/button';
import styles from './wizard-nav.module.css';

interface Props {
  step: number;
  uploading: boolean;
  saving: boolean;
  onBack: () => void;
}

/**
 * Back and Next. Back is disabled on step 0, while a document uploads
 * and while saving; the last configuration step's button reads Finish, or Processing... while busy.
 * Next is the form's submit button: the form debounces it.
 */
export function WizardNav({ step, uploading, saving, onBack }: Props) {
  const last = step === WIZARD_LAST_CONFIG_STEP;
  return (
    <div className={styles.nav}>
      <Button variant="secondary" onClick={onBack} disabled={step === 0 || uploading || saving}>
        <ArrowLeft aria-hidden="true" />
        {WIZARD_LABELS.back}
      </Button>
      <Button type="submit" disabled={uploading || saving} aria-busy={saving || undefined}>
        {last && saving ? (
          <>
            <LoaderCircle className={styles.spin} aria-hidden="true" />
            {WIZARD_LABELS.processing}
          </>
        ) : last ? (
          <>
            {WIZARD_LABELS.finish}
            <Check aria-hidden="true" />
          </>
        ) : (
          <>
            {WIZARD_LABELS.next}
            <ArrowRight aria-hidden="true" />
          </>
        )}
      </Button>
    </div>
  );
}
