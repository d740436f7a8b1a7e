import type { AnswerBot } from '../../../src/engine/answer/index.js';
import type { AppDeps } from '../../../src/app.js';
import { splitIntoPassages } from '../../../src/engine/passages/index.js';
import { buildIndex } from '../../../src/engine/retrieval/index.js';
import type { TestDatabaseFactory } from '../../support/databases.js';
import { appWorld, startTestApp, TEST_BOT_CHOICES, type TestApp } from '../../support/test-app.js';
import { HANDBOOK } from '../retrieval/fixtures/harbourview.js';

export { HANDBOOK, QUESTIONS, holdsFacts } from '../retrieval/fixtures/harbourview.js';

/** The Harbourview handbook's serialized index, for engine tests. */
export const handbookIndex = (text = HANDBOOK) => buildIndex(splitIntoPassages({ text, pages: null }));

/** The handbook's bot as the answer engine sees it, its contact the owner's; a test overrides what it is about. */
export const handbookBot = (overrides: Partial<AnswerBot> = {}): AnswerBot => ({
  id: 'bot_test',
  name: 'Harbour Helper',
  tone: 'friendly',
  creativity: 'restricted',
  version: '1',
  documentName: 'handbook.txt',
  contactEmail: 'owner@harbourview.example',
  ...overrides,
});

/** The shared startTestApp, with the chat options (model deadline, daily limit) a test needs. */
export function startChatApp(
  options: {
    env?: Record<string, string>;
    database?: TestDatabaseFactory;
    chat?: AppDeps['chat'];
    sourceReader?: AppDeps['sourceReader'];
    logStream?: AppDeps['logStream'];
  } = {},
): Promise<TestApp> {
  const { env, database, ...deps } = options;
  return startTestApp({ ...(env ? { env } : {}), ...(database ? { database } : {}), deps });
}

export interface ReadyBot {
  botId: string;
  shareId: string;
  ownerToken: string;
  ownerUid: string;
}

/**
 * Signs a new owner in and gives them a Ready bot of the document: seeded (the test kit's `seededBot`: the same
 * passages and replies as a build, without the upload, the extraction process and the build job), or, with
 * `built`, uploaded, saved and built the long way, for tests whose subject is that path.
 */
export async function createReadyBot(
  t: TestApp,
  options: { text?: string; overrides?: Record<string, unknown>; name?: string; built?: boolean } = {},
): Promise<ReadyBot> {
  const owner = await appWorld(t).owner({ name: options.name ?? 'Olive Owner' });
  const spec = { text: options.text ?? HANDBOOK, config: { ...TEST_BOT_CHOICES, ...options.overrides } };
  const bot = options.built ? await owner.readyBot(spec) : await owner.seededBot(spec);
  return { botId: bot.botId, shareId: bot.shareId, ownerToken: owner.token, ownerUid: owner.uid };
}

/** A chat app on the database with two owners' ready bots: the owner's and another owner's, to be kept out. */
export async function startWithTwoBots(
  database: TestDatabaseFactory,
): Promise<{ t: TestApp; bot: ReadyBot; other: ReadyBot }> {
  const t = await startChatApp({ database });
  const [bot, other] = await Promise.all([createReadyBot(t), createReadyBot(t, { name: 'Oscar Other' })]);
  return { t, bot, other };
}

export {
  startFakeModel,
  type CompletionRequest,
  type FakeModel as FakeModelServer,
  type ModelBehaviour,
} from '@vuxo/testkit';
