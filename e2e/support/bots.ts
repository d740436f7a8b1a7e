import { closeSync, existsSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import { apiUser } from './dashboard.ts';
import { runDataDir } from './env.ts';
import { newAccount, type Account } from './sign-in.ts';

/** A Ready bot, with the account that owns it (to sign in as its owner in the browser). */
export interface ReadyBot {
  account: Account;
  botId: string;
  shareId: string;
  botName: string;
}

/** The clinic handbook the shared chat bot answers from: headed sections, markdown, a link. */
export const CLINIC_HANDBOOK = `# Opening hours
We are open Monday to Friday from 9am to 6pm, and Saturday from 10am to 2pm.

# Prices
A standard consultation costs $40. A **follow-up visit** costs $30. See [our price list](https://example.com/prices).

# Parking
Free parking is available behind the clinic on Harbour Street.

# Booking
Book online or call us. Cancellations need 24 hours notice.`;

export const CLINIC_WELCOME = 'Hi! I can answer questions about **Harbour Clinic**.';

interface BotSpec {
  name: string;
  document: string;
  welcome: string;
  /** The bot's owner (a new account by default: a Free Trial account holds one bot). */
  account?: Account;
  /** The server to make it on (the end-to-end server by default). */
  baseUrl?: string;
}

/**
 * A Ready bot made through the real API as the wizard does (the test kit's upload, save and wait), from the
 * owner's own address (uploads are rate-limited per address). Specs that only chat share bots through
 * {@link sharedBot}.
 */
export async function createReadyBot(spec: BotSpec): Promise<ReadyBot> {
  const account = spec.account ?? newAccount(`${spec.name.split(/\W/)[0] || 'Owner'} Owner`);
  const owner = await apiUser(account, spec.baseUrl);
  const bot = await owner.readyBot({ name: spec.name, text: spec.document, welcome: spec.welcome });
  return { account, botId: bot.botId, shareId: bot.shareId, botName: spec.name };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One bot per key for the whole run, whichever worker asks first (a lock file in the run's data directory),
 * so the specs together make only a few uploads.
 */
export async function sharedBot(key: string, make: () => Promise<ReadyBot>): Promise<ReadyBot> {
  const file = path.join(runDataDir(), `e2e-bot-${key}.json`);
  const lock = `${file}.lock`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ReadyBot;
    try {
      closeSync(openSync(lock, 'wx'));
    } catch {
      // Another worker is making it; a lock older than two minutes is left over from a crash.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 120_000) rmSync(lock, { force: true });
      await sleep(300);
      continue;
    }
    try {
      const bot = await make();
      writeFileSync(file, JSON.stringify(bot));
      return bot;
    } finally {
      rmSync(lock, { force: true });
    }
  }
  throw new Error(`timed out waiting for the shared bot "${key}"`);
}

/** The clinic bot most chat specs use. */
export const clinicBot = () =>
  sharedBot('clinic', () =>
    createReadyBot({ name: 'Harbour Helper', document: CLINIC_HANDBOOK, welcome: CLINIC_WELCOME }),
  );

/**
 * The specs' fixtures: `clinic` is the shared clinic bot. Every test gets its own browser User-Agent, as when
 * the server's daily count backed the visitor id with the address and User-Agent; it now counts each browser
 * context's own visitor id, within 150 messages per bot a day from this machine's address (decision 034).
 */
export const test = base.extend<{ visitorAgent: string }, { clinic: ReadyBot }>({
  clinic: [
    // Playwright reads a fixture's dependencies from this pattern: an empty one means none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(await clinicBot());
    },
    { scope: 'worker' },
  ],
  visitorAgent: async ({ browserName }, use, testInfo) => {
    await use(`Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36 ${browserName}-${testInfo.testId}`);
  },
  userAgent: async ({ visitorAgent }, use) => {
    await use(visitorAgent);
  },
});

export { expect };

export { setAllowedDomains, setBotName, setBotTheme } from './database.ts';

/** The chat's message input and its panel, by what a visitor sees. */
export const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
