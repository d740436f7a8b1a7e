/** The wizard feature's public entry: what other features may use. */
export { clearWizardStorage } from './state/wizard-session';
