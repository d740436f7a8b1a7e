import { DOCUMENT_TYPES, IMAGE_TYPES } from '@vuxo/shared/bot';
import { WIZARD_MSG } from '@vuxo/shared/messages';
import {
  botNameSchema,
  contactEmailSchema,
  creativitySchema,
  toneSchema,
  welcomeMessageSchema,
} from '@vuxo/shared/schemas';
import type { BotCreationState, WizardField } from './bot-creation-state';

/** A failed check: the field it belongs to and the message to show. */
export interface StepError {
  field: WizardField;
  message: string;
}

interface SafeParser {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}

function check(field: WizardField, schema: SafeParser, value: unknown): StepError | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return { field, message: result.error.issues[0]?.message ?? '' };
}

/**
 * What Next checks on each step, with the schemas the server uses.
 * Step 4 (the avatar) is optional; step 5 checks the contact's address when it is another one; the summary has
 * nothing to check.
 */
export function validateStep(step: number, state: BotCreationState): StepError | null {
  switch (step) {
    case 0:
      return state.filePath ? null : { field: 'document', message: WIZARD_MSG.documentRequired };
    case 1:
      return check('welcomeMessage', welcomeMessageSchema, state.welcomeMessage);
    case 2:
      return check('chatbotTone', toneSchema, state.chatbotTone ?? undefined);
    case 3:
      return check('botName', botNameSchema, state.botName);
    case 5:
      return (
        check('creativityLevel', creativitySchema, state.creativityLevel ?? undefined) ??
        (state.contactChoice === 'other'
          ? check('contactEmail', contactEmailSchema, state.contactEmail)
          : null)
      );
    default:
      return null;
  }
}

interface Accepted {
  readonly extensions: readonly string[];
  readonly mimeTypes: readonly string[];
  readonly maxBytes: number;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot).toLowerCase() : '';
}

function accepts(types: Accepted, file: File): boolean {
  return types.extensions.includes(extensionOf(file.name)) || types.mimeTypes.includes(file.type);
}

/**
 * Checks a chosen document before it is uploaded, against the owner's plan limit (the Free Trial's 5MB before
 * sign-in); the server checks its bytes again.
 */
export function validateDocumentFile(
  file: File | null | undefined,
  maxBytes: number = DOCUMENT_TYPES.maxBytes,
): string | null {
  if (!file) return WIZARD_MSG.documentNotSelected;
  if (!accepts(DOCUMENT_TYPES, file)) return WIZARD_MSG.documentType;
  if (file.size > maxBytes) return WIZARD_MSG.documentTooLargeFor(maxBytes);
  return null;
}

/** Checks a chosen avatar image before the editor opens. */
export function validateImageFile(file: File | null | undefined): string | null {
  if (!file) return WIZARD_MSG.imageNotSelected;
  if (!accepts(IMAGE_TYPES, file)) return WIZARD_MSG.imageType;
  if (file.size > IMAGE_TYPES.maxBytes) return WIZARD_MSG.imageTooLarge;
  return null;
}

/** The `accept` attribute of a file input for these types. */
export function acceptAttribute(types: Accepted): string {
  return [...types.extensions, ...types.mimeTypes].join(',');
}
