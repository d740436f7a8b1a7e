/** Business constants and limits (specification, section 9). */
export const MESSAGES_PER_DAY = 15;
/**
 * Which daily allowance stopped a visitor: their own (MESSAGES_PER_DAY), or the one every visitor on the same
 * network (one public address) shares with them (decision 013).
 */
export const MESSAGE_LIMITS = ['visitor', 'network'] as const;
export type MessageLimit = (typeof MESSAGE_LIMITS)[number];
export const isMessageLimit = (value: unknown): value is MessageLimit =>
  (MESSAGE_LIMITS as readonly unknown[]).includes(value);
export const TYPING_MIN_MS = 1000;
export const WIDGET_SIZE = {
  minWidth: 300,
  maxWidth: 800,
  minHeight: 400,
  maxHeight: 800,
  defaultWidth: 350,
  defaultHeight: 500,
} as const;
export const MAX_RETRIES = 3;
export const CHIP_WIDTH_PX = 180;
export const CHIP_SECONDS = 5;
export const ANNOUNCEMENT_INTERVAL_MS = 5000;
export const ANNOUNCEMENT_COUNT = 3;
export const TOP_BAR_HEIGHT = { desktop: 45, tablet: 35 } as const;
export const NAVBAR_HEIGHT = { desktop: 80, mobile: 64 } as const;
export const BREAKPOINTS = { mobile: 768, tablet: 1024 } as const;
export const SCROLL_THRESHOLD_PX = 10;
export const SCROLL_THROTTLE_MS = 100;
export const OUTSIDE_CLICK_CLOSE_MS = 100;
export const FOOTER_PARTICLES = { min: 80, max: 120 } as const;
export const DASHBOARD_PARTICLES = 40;
export const NEW_BOT_NOTICE_PARTICLES = 20;
export const DASHBOARD_COUNTDOWN_S = 10;
export const DASHBOARD_POLL_MS = 10_000;
export const NEW_BOT_NOTICE_MS = 10_000;
export const PROGRESS_BY_STATUS = { pending_cag: 30, configuring: 70 } as const;
export const PROGRESS_DONE = 100;
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
/** Extracted text is refused above this many characters: no more than the largest text file upload holds. */
export const DOCUMENT_TEXT_MAX_CHARS = DOCUMENT_MAX_BYTES;
export const AVATAR_MAX_BYTES = 1 * 1024 * 1024;
export const AVATAR_SIZE_PX = 200;
export const AVATAR_ZOOM = { min: 0.5, max: 2, step: 0.1 } as const;
export const WELCOME_MAX = 200;
export const BOT_NAME_MAX = 50;
/** A bot's contact address (decisions, section 8): the longest address mail servers accept (RFC 5321). */
export const CONTACT_EMAIL_MAX = 254;
export const WIZARD_STEP_COUNT = 7;
export const CALL_TIMEOUT_MS = {
  extract: 30_000,
  uploadImage: 10_000,
  saveConfig: 15_000,
  planCheck: 10_000,
} as const;
export const ERROR_TOAST_MS = 5000;
export const CONFETTI_PIECES = 200;
export const WIZARD_CONFETTI_MS = 3000;
export const NEXT_DEBOUNCE_MS = 300;
export const HERO_CAROUSEL_MS = 4000;
export const PAYMENT_LOCALE = 'en-CA';
export const WIZARD_SESSION_TTL_MS = 24 * 60 * 60 * 1000;
