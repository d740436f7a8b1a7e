import { API, isChatReady, type BotSummary, type DocumentReading } from '@vuxo/shared';
import type { Call, Driver, Reply } from './driver.ts';
import { waitFor } from './driver.ts';
import { signInOnEmulator, type Account } from './emulator.ts';

/** The document a bot answers from unless a test gives its own. */
export const HANDBOOK_TEXT = `# Opening hours
We are open Monday to Friday from 9am to 6pm, and Saturday from 10am to 4pm.

# Prices
A standard consultation costs $40. A follow-up visit costs $25.

# Contact
Call us at 416-555-0100 or email hello@example.com.`;

/** A document or an image as the browser uploads it. */
export interface FileSpec {
  bytes: Uint8Array;
  type: string;
  name: string;
}

export interface BotSpec {
  /** The document's text (a .txt upload named `fileName`)… */
  text?: string;
  /** …or a file of any kind. */
  file?: FileSpec;
  name?: string;
  welcome?: string;
  fileName?: string;
  /** An avatar uploaded in the same wizard session before saving. */
  image?: FileSpec;
  /** More /api/save-config fields, or replacements for the defaults. */
  config?: Record<string, unknown>;
  /** How long the build may take. */
  timeoutMs?: number;
}

export interface Bot {
  botId: string;
  shareId: string;
  name: string;
  /** The bot as the owner's dashboard lists it (undefined once it is gone). */
  summary(): Promise<BotSummary | undefined>;
  isReady(): Promise<boolean>;
}

export interface Owner {
  account: Account;
  token: string;
  uid: string;
  /** A call to the app as this owner. */
  call(call: Call): Promise<Reply>;
  /** Uploads a document into a new wizard session, as the wizard's first step does. */
  upload(document?: string | FileSpec): Promise<Upload>;
  /** Saves the bot (uploading its document first unless given) and returns its id without waiting for the build. */
  saveBot(spec?: BotSpec, uploaded?: Upload): Promise<string>;
  /** Waits until the bot is Ready; a failed build throws. */
  untilReady(botId: string, wait?: { timeoutMs?: number; pollMs?: number }): Promise<Bot>;
  /** Uploads, saves and waits until the bot is Ready; a failed build throws. */
  readyBot(spec?: BotSpec): Promise<Bot>;
  /**
   * A Ready bot of a text document written straight into the app's database by the world's `seed` (the
   * repository's own create and publish, the index built once per worker): for tests whose subject is not the
   * build. It answers as a built one does; the plan's cap and the upload path are not involved.
   */
  seededBot(spec?: BotSpec): Promise<Bot>;
  bots(): Promise<BotSummary[]>;
}

export interface Upload {
  sessionId: string;
  filePath: string;
  fileName: string;
  /** The extraction's whole reply (its preview, page count, OCR notes). */
  reply: Record<string, unknown>;
}

/** Writes a Ready bot for an owner into the app's database and returns its id (see `Owner.seededBot`). */
export type BotSeeder = (owner: { uid: string; email: string }, spec: BotSpec) => Promise<string>;

export interface World {
  /** A signed-in owner: a new account unless one is given. */
  owner(account?: Partial<Account>): Promise<Owner>;
  /** An owner already signed in elsewhere (another process), from their token. */
  signedIn(who: { token: string; uid: string; account?: Account }): Owner;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

export const newSessionId = () => `sess_${unique()}`;

const textFile = (text: string, name = 'handbook.txt'): FileSpec => ({
  bytes: new TextEncoder().encode(text),
  type: 'text/plain',
  name,
});

async function ok(reply: Promise<Reply>, what: string): Promise<Reply> {
  const res = await reply;
  if (res.status !== 200) throw new Error(`${what} failed: ${res.status} ${res.text}`);
  return res;
}

/** The scenario API over one app: owners who sign in as the browser does and build bots as the wizard does. */
export function world(options: { driver: Driver; emulatorHost?: string; seed?: BotSeeder }): World {
  const { driver, emulatorHost, seed } = options;
  return {
    async owner(partial = {}) {
      if (!emulatorHost) throw new Error('signing in needs the Auth emulator host');
      const id = unique();
      const account: Account = {
        name: partial.name ?? 'Olive Owner',
        email: partial.email ?? `owner-${id}@example.com`,
        ...(partial.emailVerified === undefined ? {} : { emailVerified: partial.emailVerified }),
      };
      const { idToken, uid } = await signInOnEmulator(emulatorHost, account);
      const owner = ownerOf(driver, account, idToken, uid, seed);
      // The first call with the token records the user, as the browser's first page does.
      await ok(owner.call({ url: API.me }), 'GET /api/me');
      return owner;
    },
    signedIn: ({ token, uid, account }) =>
      ownerOf(driver, account ?? { name: 'Owner', email: `${uid}@owner.invalid` }, token, uid, seed),
  };
}

function ownerOf(driver: Driver, account: Account, idToken: string, uid: string, seed?: BotSeeder): Owner {
  const call = (c: Call) => driver({ token: idToken, ...c });
  const bots = async () =>
    (await ok(call({ url: API.listBots }), 'list-user-bots')).json<{ bots: BotSummary[] }>().bots;
  const upload = async (document: string | FileSpec = HANDBOOK_TEXT): Promise<Upload> => {
    const file = typeof document === 'string' ? textFile(document) : document;
    const sessionId = newSessionId();
    const form = new FormData();
    form.append('sessionId', sessionId);
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    const res = await call({ url: API.extract, form });
    // A document read by OCR is read on without the browser: the wizard asks until it is done (decision 073).
    const reply =
      res.status === 202
        ? await untilRead(sessionId)
        : (await ok(Promise.resolve(res), 'extract')).json<Read>();
    return { sessionId, filePath: reply.filePath, fileName: file.name, reply };
  };
  type Read = { filePath: string } & Record<string, unknown>;
  const untilRead = async (sessionId: string): Promise<Read> => {
    const url = `${API.documentReading}?sessionId=${encodeURIComponent(sessionId)}`;
    const reading = await waitFor(
      async () =>
        (await ok(call({ url }), 'document reading')).json<{ reading: DocumentReading | null }>().reading,
      (found) => found?.status !== 'reading',
      120_000,
      250,
    );
    if (reading?.status !== 'ready') throw new Error(`extract failed: ${JSON.stringify(reading)}`);
    return reading.document;
  };
  const saveBot = async (spec: BotSpec = {}, uploaded?: Upload) => {
    const document = spec.file ?? textFile(spec.text ?? HANDBOOK_TEXT, spec.fileName);
    const { sessionId, filePath, fileName } = uploaded ?? (await upload(document));
    let tempImagePath: string | undefined;
    if (spec.image) {
      const form = new FormData();
      form.append('sessionId', sessionId);
      form.append(
        'image',
        new Blob([new Uint8Array(spec.image.bytes)], { type: spec.image.type }),
        spec.image.name,
      );
      const res = await ok(call({ url: API.uploadImage, form }), 'upload-image');
      tempImagePath = res.json<{ tempImagePath: string }>().tempImagePath;
    }
    const json = {
      ...(tempImagePath ? { tempImagePath } : {}),
      sessionId,
      botName: spec.name ?? 'Harbour Helper',
      welcomeMessage: spec.welcome ?? 'Hi! Ask me about our clinic.',
      documentName: fileName,
      documentPath: filePath,
      ...spec.config,
    };
    return (await ok(call({ url: API.saveConfig, json }), 'save-config')).json<{ botId: string }>().botId;
  };
  const untilReady = async (botId: string, wait: { timeoutMs?: number; pollMs?: number } = {}) => {
    const summary = async () => (await bots()).find((bot) => bot.botId === botId);
    const built = await waitFor(
      summary,
      (found) => !found || found.status === 'error' || isChatReady(found.status),
      wait.timeoutMs,
      wait.pollMs,
    );
    if (!built || !isChatReady(built.status))
      throw new Error(`the bot build failed: ${built?.status ?? 'gone'} ${built?.statusReason ?? ''}`);
    const bot: Bot = {
      botId,
      shareId: built.shareId,
      name: built.botName,
      summary,
      isReady: async () => isChatReady((await summary())?.status ?? ''),
    };
    return bot;
  };
  return {
    account,
    token: idToken,
    uid,
    call,
    upload,
    saveBot,
    untilReady,
    bots,
    readyBot: async (spec = {}) =>
      untilReady(await saveBot(spec), spec.timeoutMs ? { timeoutMs: spec.timeoutMs } : {}),
    async seededBot(spec = {}) {
      if (!seed) throw new Error('seeding a bot needs the world’s seed (the app’s database)');
      return untilReady(await seed({ uid, email: account.email }, spec));
    },
  };
}
