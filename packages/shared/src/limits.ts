/** Business constants and limits. */
export const MESSAGES_PER_DAY = 15;
/**
 * Which daily allowance stopped a visitor: their own (MESSAGES_PER_DAY), or the one every visitor on the same
 * network (one public address) shares with them (decision 013).
 */
export const MESSAGE_LIMITS = ['visitor', 'network'] as const;
export type MessageLimit = (typeof MESSAGE_LIMITS)[number];
export const isMessageLimit = (value: unknown): value is MessageLimit =>
  (MESSAGE_LIMITS as readonly unknown[]).includes(value);
export const WIDGET_SIZE = {
  minWidth: 300,
  maxWidth: 800,
  minHeight: 400,
  maxHeight: 800,
  defaultWidth: 350,
  defaultHeight: 500,
} as const;
export const MAX_RETRIES = 3;
/** The largest document on the Free Trial and before sign-in (the wizard's 5MB); paid plans allow more (plans.ts). */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Extracted text is refused above this many characters, whatever the plan: the most a bot learns from. A larger
 * file allowed by a paid plan is larger for its images and layout, not for its text.
 */
export const DOCUMENT_TEXT_MAX_CHARS = 5 * 1024 * 1024;
/**
 * The words OCR was unsure of that the wizard marks, at most (the first ones in reading order): enough to mark a
 * menu's doubts, never a reply the size of the document.
 */
export const OCR_UNSURE_MAX = 500;
/** The owner's corrected text as UTF-8: a character (a UTF-16 unit) is at most 3 bytes. */
export const DOCUMENT_TEXT_MAX_UTF8_BYTES = DOCUMENT_TEXT_MAX_CHARS * 3;
/** How much of a document's text the upload reply shows back, so the owner sees it was read right. */
export const DOCUMENT_PREVIEW_MAX_CHARS = 240;
export const AVATAR_MAX_BYTES = 1 * 1024 * 1024;
export const AVATAR_SIZE_PX = 200;
export const WELCOME_MAX = 200;
export const BOT_NAME_MAX = 50;
/** A bot's contact address: the longest address mail servers accept (RFC 5321). */
export const CONTACT_EMAIL_MAX = 254;
/** The site's contact form: the longest name, company, subject and message it takes. */
export const CONTACT_FORM_MAX = { name: 100, company: 120, subject: 150, message: 5000 } as const;
/** Days contact messages and phone agent requests are kept for the team (CONTACT_RETENTION_DAYS overrides it). */
export const CONTACT_RETENTION_DAYS_DEFAULT = 365;
export const WIZARD_SESSION_TTL_MS = 24 * 60 * 60 * 1000;
