import type { OcrReadout } from '@vuxo/shared/schemas';
import {
  DEFAULT_BOT_NAME,
  DEFAULT_BOT_TYPE,
  DEFAULT_CONTACT_CHOICE,
  DEFAULT_CREATIVITY,
  DEFAULT_TONE,
  DEFAULT_WELCOME,
  type BotType,
  type ContactChoice,
  type CreativityLevel,
  type Tone,
} from '@vuxo/shared/bot';
import { WIZARD_SUMMARY_STEP } from '@vuxo/shared/wizard';
import type { WizardData } from './wizard-data';

/** The document the user uploaded: what the wizard shows of it (the bytes stay on the server). */
export interface UploadedDocument {
  name: string;
  size: number;
  /** A PDF's pages, as the server read them; absent for other documents and a restored wizard. */
  pageCount?: number | null;
  /** Set when the server read some of it from images (OCR): the words it was unsure of are marked. */
  ocr?: OcrReadout | null;
}

/** The fields that carry their own error message (one per field). */
export type WizardField =
  'document' | 'welcomeMessage' | 'chatbotTone' | 'botName' | 'image' | 'creativityLevel' | 'contactEmail';
export type FieldErrors = Partial<Record<WizardField, string>>;

/** The fields each step edits: Back clears the error of the step being left. */
export const STEP_FIELDS: Record<number, readonly WizardField[] | undefined> = {
  0: ['document'],
  1: ['welcomeMessage'],
  2: ['chatbotTone'],
  3: ['botName'],
  4: ['image'],
  5: ['creativityLevel', 'contactEmail'],
};

/** The bot-creation state, plus whether the bot type was chosen yet. */
export interface BotCreationState {
  sessionId: string | null;
  /** False while the bot-type choice screen shows. */
  typeChosen: boolean;
  activeStep: number;
  botType: BotType;
  document: UploadedDocument | null;
  extractedText: string;
  filePath: string | null;
  welcomeMessage: string;
  chatbotTone: Tone | null;
  botName: string;
  imageFile: File | null;
  imagePreview: string | null;
  /** The avatar's upload id, once uploaded. */
  tempImagePath: string | null;
  creativityLevel: CreativityLevel | null;
  /** Which contact the bot's declines give (the last step asks), and the address of 'other'. */
  contactChoice: ContactChoice;
  contactEmail: string;
  savedBotId: string | null;
  botCount: number | null;
  errors: FieldErrors;
  /** Why the save failed: step 6 shows 'Setup Failed' with it. */
  setupError: string | null;
}

export function initialBotCreationState(sessionId: string | null): BotCreationState {
  return {
    sessionId,
    typeChosen: false,
    activeStep: 0,
    botType: DEFAULT_BOT_TYPE,
    document: null,
    extractedText: '',
    filePath: null,
    welcomeMessage: DEFAULT_WELCOME,
    chatbotTone: DEFAULT_TONE,
    botName: DEFAULT_BOT_NAME,
    imageFile: null,
    imagePreview: null,
    tempImagePath: null,
    creativityLevel: DEFAULT_CREATIVITY,
    contactChoice: DEFAULT_CONTACT_CHOICE,
    contactEmail: '',
    savedBotId: null,
    botCount: null,
    errors: {},
    setupError: null,
  };
}

export type BotCreationAction =
  | { type: 'chooseType'; botType: BotType }
  | { type: 'setWelcomeMessage'; value: string }
  | { type: 'setTone'; value: Tone }
  | { type: 'setBotName'; value: string }
  | { type: 'setCreativity'; value: CreativityLevel }
  | { type: 'setContactChoice'; value: ContactChoice }
  | { type: 'setContactEmail'; value: string }
  | { type: 'setError'; field: WizardField; message: string | null }
  | { type: 'documentUploaded'; document: UploadedDocument; extractedText: string; filePath: string }
  | { type: 'documentTextSaved'; text: string; preview: string }
  | { type: 'removeDocument' }
  | { type: 'setImage'; file: File; preview: string }
  | { type: 'removeImage' }
  | { type: 'imageUploaded'; tempImagePath: string }
  | { type: 'nextStep' }
  | { type: 'previousStep' }
  | { type: 'saved'; botId: string; botCount: number }
  | { type: 'setupFailed'; message: string }
  | { type: 'restore'; data: WizardData }
  | { type: 'reset'; sessionId: string | null };

function withError(state: BotCreationState, field: WizardField, message: string | null): FieldErrors {
  const errors = { ...state.errors };
  if (message) errors[field] = message;
  else delete errors[field];
  return errors;
}

export function botCreationReducer(state: BotCreationState, action: BotCreationAction): BotCreationState {
  switch (action.type) {
    case 'chooseType':
      return { ...state, typeChosen: true, botType: action.botType, activeStep: 0 };
    case 'setWelcomeMessage':
      return { ...state, welcomeMessage: action.value, errors: withError(state, 'welcomeMessage', null) };
    case 'setTone':
      return { ...state, chatbotTone: action.value, errors: withError(state, 'chatbotTone', null) };
    case 'setBotName':
      return { ...state, botName: action.value, errors: withError(state, 'botName', null) };
    case 'setCreativity':
      return { ...state, creativityLevel: action.value, errors: withError(state, 'creativityLevel', null) };
    case 'setContactChoice':
      return { ...state, contactChoice: action.value, errors: withError(state, 'contactEmail', null) };
    case 'setContactEmail':
      return { ...state, contactEmail: action.value, errors: withError(state, 'contactEmail', null) };
    case 'setError':
      return { ...state, errors: withError(state, action.field, action.message) };
    case 'documentUploaded':
      return {
        ...state,
        document: action.document,
        extractedText: action.extractedText,
        filePath: action.filePath,
        errors: withError(state, 'document', null),
      };
    case 'documentTextSaved':
      // The owner's text stands as written: nothing in it is unsure any more.
      return state.document?.ocr
        ? {
            ...state,
            document: { ...state.document, ocr: { ...state.document.ocr, text: action.text, unsure: [] } },
            extractedText: action.preview,
          }
        : state;
    case 'removeDocument':
      return { ...state, document: null, extractedText: '', filePath: null };
    case 'setImage':
      return {
        ...state,
        imageFile: action.file,
        imagePreview: action.preview,
        tempImagePath: null,
        errors: withError(state, 'image', null),
      };
    case 'removeImage':
      return { ...state, imageFile: null, imagePreview: null, tempImagePath: null };
    case 'imageUploaded':
      return { ...state, tempImagePath: action.tempImagePath };
    case 'nextStep':
      return { ...state, activeStep: Math.min(state.activeStep + 1, WIZARD_SUMMARY_STEP) };
    case 'previousStep': {
      const errors = { ...state.errors };
      for (const field of STEP_FIELDS[state.activeStep] ?? []) delete errors[field];
      return { ...state, activeStep: Math.max(state.activeStep - 1, 0), errors };
    }
    case 'saved':
      return {
        ...state,
        savedBotId: action.botId,
        botCount: action.botCount,
        sessionId: null,
        setupError: null,
        activeStep: WIZARD_SUMMARY_STEP,
      };
    case 'setupFailed':
      return { ...state, setupError: action.message, savedBotId: null, activeStep: WIZARD_SUMMARY_STEP };
    case 'restore':
      return restore(state, action.data);
    case 'reset':
      return initialBotCreationState(action.sessionId);
  }
}

/** Puts back what the wizard carried through /login, at the last configuration step. */
function restore(state: BotCreationState, data: WizardData): BotCreationState {
  return {
    ...state,
    typeChosen: true,
    activeStep: WIZARD_SUMMARY_STEP - 1,
    sessionId: data.sessionId,
    botType: data.botType,
    document: { name: data.documentName, size: data.documentSize ?? 0 },
    filePath: data.filePath,
    welcomeMessage: data.welcomeMessage,
    chatbotTone: data.chatbotTone,
    botName: data.botName,
    imageFile: null,
    imagePreview: data.imagePreview ?? null,
    tempImagePath: data.tempImagePath ?? null,
    creativityLevel: data.creativityLevel,
    contactChoice: data.contactChoice ?? DEFAULT_CONTACT_CHOICE,
    contactEmail: data.contactEmail ?? '',
    errors: {},
    setupError: null,
  };
}
