import { saveConfigRequestSchema, type BotConfig } from '@vuxo/shared/schemas';
import { FINALIZE_BOT_ACTION } from '@vuxo/shared/wizard';

/**
 * What the wizard carries through /login: the bot configuration, with the
 * ids of the uploads already made in its session, and what the summary shows. A File cannot travel in
 * history state, so the avatar goes as its upload id and its preview (a data URL).
 */
export interface WizardData {
  sessionId: string;
  botType: BotConfig['botType'];
  botName: string;
  welcomeMessage: string;
  chatbotTone: BotConfig['chatbotTone'];
  creativityLevel: BotConfig['creativityLevel'];
  contactChoice?: BotConfig['contactChoice'];
  contactEmail?: string | null;
  documentName: string;
  filePath: string;
  documentSize?: number;
  tempImagePath?: string | null;
  imagePreview?: string | null;
}

const PREVIEW_PREFIX = 'data:image/png;base64,';
/** A 200x200 PNG's data URL is far smaller; anything bigger is not ours. */
const PREVIEW_MAX_CHARS = 2_000_000;

/** The post-login action the wizard hands to /login. */
export interface FinalizeBotAction {
  type: typeof FINALIZE_BOT_ACTION;
  wizardData: WizardData;
}

/** The wizard data of a checked configuration, with what the summary shows beside it. */
export function wizardDataOf(
  config: BotConfig,
  shown: { documentSize: number | undefined; imagePreview: string | null },
): WizardData {
  return {
    sessionId: config.sessionId,
    botType: config.botType,
    botName: config.botName,
    welcomeMessage: config.welcomeMessage,
    chatbotTone: config.chatbotTone,
    creativityLevel: config.creativityLevel,
    ...(config.contactChoice ? { contactChoice: config.contactChoice } : {}),
    ...(config.contactEmail ? { contactEmail: config.contactEmail } : {}),
    documentName: config.documentName,
    filePath: config.documentPath,
    documentSize: shown.documentSize,
    tempImagePath: config.tempImagePath ?? null,
    imagePreview: shown.imagePreview,
  };
}

/** Reads wizard data back from navigation state (untrusted: it could be anything), or null. */
export function parseWizardData(value: unknown): WizardData | null {
  if (!value || typeof value !== 'object') return null;
  const raw = value as Record<string, unknown>;
  const parsed = saveConfigRequestSchema.safeParse({ ...raw, documentPath: raw.filePath });
  if (!parsed.success) return null;
  const preview = raw.imagePreview;
  const size = raw.documentSize;
  return wizardDataOf(parsed.data, {
    documentSize: typeof size === 'number' && Number.isFinite(size) && size >= 0 ? size : undefined,
    imagePreview:
      typeof preview === 'string' && preview.startsWith(PREVIEW_PREFIX) && preview.length < PREVIEW_MAX_CHARS
        ? preview
        : null,
  });
}

/** The post-login action in a location's state, when it is one. */
export function readFinalizeAction(state: unknown): FinalizeBotAction | null {
  if (!state || typeof state !== 'object') return null;
  const action = (state as { postLoginAction?: unknown }).postLoginAction;
  if (!action || typeof action !== 'object' || (action as { type?: unknown }).type !== FINALIZE_BOT_ACTION)
    return null;
  const wizardData = parseWizardData((action as { wizardData?: unknown }).wizardData);
  return wizardData ? { type: FINALIZE_BOT_ACTION, wizardData } : null;
}
