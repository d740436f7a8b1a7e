import { WizardCrashBoundary } from './components/wizard-crash-boundary';
import { WizardFlow } from './wizard-flow';

/** /wizard: the bot-building wizard; a crash anywhere in it shows 'Oops!'. */
export function WizardPage() {
  return (
    <WizardCrashBoundary>
      <WizardFlow />
    </WizardCrashBoundary>
  );
}
