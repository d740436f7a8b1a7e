/**
 * The web app's timings, sizes and counts: how the screens behave, read by no server. Business limits shared with
 * the server live in `@vuxo/shared/limits`.
 */
export const TYPING_MIN_MS = 1000;
export const CHIP_WIDTH_PX = 180;
export const CHIP_SECONDS = 5;
export const ANNOUNCEMENT_INTERVAL_MS = 5000;
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
/** How often the wizard asks how the reading of a scanned document goes (a page takes seconds). */
export const READING_POLL_MS = 1_000;
/** How often the wizard's last screen asks whether the new bot has finished reading its document. */
export const BUILD_POLL_MS = 1_500;
/** How long a link to a section of the bot's page keeps it in view while the panels above it fill in. */
export const SECTION_HOLD_MS = 5_000;
export const NEW_BOT_NOTICE_MS = 10_000;
export const PROGRESS_BY_STATUS = { pending_cag: 30, configuring: 70 } as const;
export const PROGRESS_DONE = 100;
export const AVATAR_ZOOM = { min: 0.5, max: 2, step: 0.1 } as const;
export const CALL_TIMEOUT_MS = {
  extract: 30_000,
  uploadImage: 10_000,
  saveConfig: 15_000,
  planCheck: 10_000,
  payment: 30_000,
} as const;
export const ERROR_TOAST_MS = 5000;
export const CONFETTI_PIECES = 200;
export const WIZARD_CONFETTI_MS = 3000;
export const PAYMENT_CONFETTI_MS = 3000;
export const NEXT_DEBOUNCE_MS = 300;
export const HERO_CAROUSEL_MS = 4000;
export const ADMIN_SEARCH_DEBOUNCE_MS = 300;
