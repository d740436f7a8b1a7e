/** The wizard feature's public entry: what other features may use. */
export { clearWizardStorage } from './state/wizard-session';
/** The wizard's fields, reused by the bot's settings after creation (the same labels, hints and limits). */
export { StepName, StepWelcome } from './components/step-text-fields';
export { StepCreativity, StepTone } from './components/step-choices';
export { StepAvatar } from './components/step-avatar';
export { StepContact } from './components/step-contact';
export type { AvatarOutput } from './components/crop-image';
export { uploadImage } from './api/upload-image';
export { newSessionId } from './state/wizard-session';
