import { BRAND } from './brand.js';
import { AVATAR_MAX_BYTES, DOCUMENT_MAX_BYTES } from './limits.js';

/** Bot settings and the wizard's rules, used by the wizard and the API. */
export const TONES = ['friendly', 'professional', 'casual', 'formal'] as const;
export type Tone = (typeof TONES)[number];
export const CREATIVITY_LEVELS = ['restricted', 'balanced'] as const;
export type CreativityLevel = (typeof CREATIVITY_LEVELS)[number];
/**
 * Which contact a bot's declines give (the wizard's last step asks): the owner's sign-in email, another
 * address, or none. Bots made before the question keep theirs (decision 062).
 */
export const CONTACT_CHOICES = ['sign-in', 'other', 'none'] as const;
export type ContactChoice = (typeof CONTACT_CHOICES)[number];
export const DEFAULT_CONTACT_CHOICE: ContactChoice = 'sign-in';
export const BOT_TYPES = ['text', 'phone'] as const;
export type BotType = (typeof BOT_TYPES)[number];
export const BOT_STATUSES = [
  'active',
  'configuring',
  'pending_cag',
  'cag_generated',
  'error',
  'deleted',
] as const;
export type BotStatus = (typeof BOT_STATUSES)[number];

/** Chat-ready: the statuses a bot answers visitors in. */
export const CHAT_READY_STATUSES: readonly BotStatus[] = ['cag_generated', 'active'];
export function isChatReady(status: string): boolean {
  return (CHAT_READY_STATUSES as readonly string[]).includes(status);
}

export const DEFAULT_WELCOME = 'Hello! How can I help you today?';
export const DEFAULT_TONE: Tone = 'friendly';
export const DEFAULT_CREATIVITY: CreativityLevel = 'balanced';
export const DEFAULT_BOT_TYPE: BotType = 'text';
export const DEFAULT_BOT_NAME = BRAND;

/** Accepted uploads: the client checks names and types; the server checks the bytes. */
export const DOCUMENT_TYPES = {
  extensions: ['.pdf', '.doc', '.docx', '.txt', '.jpg', '.jpeg', '.png', '.webp'],
  mimeTypes: [
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'text/plain',
    'image/jpeg',
    'image/png',
    'image/webp',
  ],
  maxBytes: DOCUMENT_MAX_BYTES,
} as const;
export const IMAGE_TYPES = {
  extensions: ['.jpg', '.jpeg', '.png', '.gif', '.webp'],
  mimeTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  maxBytes: AVATAR_MAX_BYTES,
} as const;

export const BOT_NAME_PATTERN = /^[A-Za-z0-9 _-]+$/;

/** The wizard session id: a random id the client makes. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** Server-made ids the upload calls return (filePath, tempImagePath): opaque, never a file system path. */
export const UPLOAD_ID_PATTERN = /^[a-z]{3}_[A-Za-z0-9_-]{16,40}$/;
