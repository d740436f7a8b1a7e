/** Ports of the end-to-end run, apart from those `npm start` uses, so both can run at once. */
export const E2E_PORT = 3199;
/** A second server whose bots are answered by a language model: the fake one of fake-model.ts (chat-stream.spec). */
export const E2E_STREAM_PORT = 3198;
export const E2E_FAKE_MODEL_PORT = 3197;
export const E2E_AUTH_EMULATOR_HOST = '127.0.0.1:9499';
export const E2E_PROJECT_ID = 'demo-vuxo';
/** The one address the end-to-end server lets into /ai-admin (ADMIN_EMAILS). */
export const E2E_ADMIN_EMAIL = 'staff.admin@example.com';
/** The test SMTP server the end-to-end server sends its mail to, and the HTTP port that lists what it received. */
export const E2E_SMTP_PORT = 3196;
export const E2E_SMTP_LIST_PORT = 3195;

/** The run's data directory (the server's DATA_DIR), which playwright.config.ts sets for every process of the run. */
export function runDataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return dir;
}
