import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RotateCw, TriangleAlert } from 'lucide-react';
import { WIZARD_MSG } from '@vuxo/shared/messages';
import { WIZARD_LABELS } from '@vuxo/shared/wizard';
import { Button } from '../../../components/ui/button';
import { CopyDetailsButton, errorDetails } from '../../../components/ui/copy-details-button';
import styles from './wizard-crash-boundary.module.css';

interface State {
  error: Error | null;
  componentStack: string | null;
}

/** A crash anywhere in the wizard shows 'Oops!' with a reload button and a copy-details button. */
export class WizardCrashBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, componentStack: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('The wizard crashed', error);
    this.setState({ componentStack: info.componentStack ?? null });
  }

  override render() {
    const { error, componentStack } = this.state;
    if (!error) return this.props.children;
    const details = () =>
      errorDetails(error.message || error.name, [error.stack, componentStack].filter(Boolean).join('\n'));
    return (
      <main className={styles.screen} role="alert">
        <span className={styles.icon} aria-hidden="true">
          <TriangleAlert />
        </span>
        <h1 className={styles.title}>{WIZARD_MSG.crashTitle}</h1>
        <p className={styles.text}>
          Something went wrong while building your bot. Reload the page to try again; the details help our
          support team if it happens again.
        </p>
        <p className={styles.message}>{error.message}</p>
        <div className={styles.actions}>
          <Button onClick={() => window.location.reload()}>
            <RotateCw aria-hidden="true" />
            {WIZARD_LABELS.reload}
          </Button>
          <CopyDetailsButton details={details} />
        </div>
      </main>
    );
  }
}
