import { API, keyFactsResponseSchema, publicBotInfoResponseSchema, parseReply } from '@vuxo/shared';
import { chatVisitor } from '../support/chat-visitors.js';
import { testDatabases } from '../support/databases.js';
import { storedIndexOf } from '../../src/db/packed-index.js';
import { bearer, type TestApp } from '../support/test-app.js';
import {
  HANDBOOK,
  QUESTIONS,
  createReadyBot,
  startChatApp,
  type ReadyBot,
} from '../engine/answer/chat-fixtures.js';

/** No contact on either bot: a decline then reads the same whichever owner the bot has. */
const SAME_CHOICES = { contactChoice: 'none' };

/**
 * The test kit's seeded bot (decision 082) stands in for a built one only if it is the same bot: from one
 * document, the seeded and the uploaded-and-built bot hold the same passages, key facts and suggested questions,
 * and give every visitor question the same reply with the same sources.
 */
describe.each(testDatabases())('a seeded bot and a built one on $name', (database) => {
  let t: TestApp;
  let built: ReadyBot;
  let seeded: ReadyBot;

  beforeAll(async () => {
    t = await startChatApp({ database });
    built = await createReadyBot(t, { built: true, overrides: SAME_CHOICES });
    seeded = await createReadyBot(t, { overrides: SAME_CHOICES, name: 'Sid Seeded' });
  }, 60_000);
  afterAll(() => t?.close());

  const storedIndex = async (botId: string) => (await storedIndexOf(t.database.db, botId))!;

  it('holds the same index (passages and key facts) and suggested questions', async () => {
    const [builtIndex, seededIndex] = await Promise.all([
      storedIndex(built.botId),
      storedIndex(seeded.botId),
    ]);
    expect(JSON.stringify(seededIndex).length).toBeGreaterThan(HANDBOOK.length / 2);
    expect(seededIndex).toEqual(builtIndex);

    const info = async (bot: ReadyBot) => {
      const res = await t.app.inject({ method: 'GET', url: `${API.publicBotInfo}?shareId=${bot.shareId}` });
      return parseReply(publicBotInfoResponseSchema, res.json()).publicBotInfo;
    };
    const [builtInfo, seededInfo] = await Promise.all([info(built), info(seeded)]);
    expect(seededInfo.ready).toBe(true);
    expect(seededInfo.generatedQuestions.length).toBeGreaterThan(0);
    expect(seededInfo.generatedQuestions).toEqual(builtInfo.generatedQuestions);

    const facts = async (bot: ReadyBot) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API.keyFacts}?botId=${bot.botId}`,
        headers: bearer(bot.ownerToken),
      });
      return keyFactsResponseSchema.parse(res.json());
    };
    const seededFacts = await facts(seeded);
    expect(seededFacts.ready).toBe(true);
    expect(seededFacts.facts.phones.length).toBeGreaterThan(0);
    expect(seededFacts).toEqual(await facts(built));
  });

  it('gives every question the same reply, from the same passages', async () => {
    const questions = [...QUESTIONS.answerable.map((item) => item.q), ...QUESTIONS.unanswerable];
    expect(questions.length).toBeGreaterThan(20);
    let declines = 0;
    for (const [i, question] of questions.entries()) {
      // A visitor of each bot per question, each from an address of their own: no daily allowance runs out.
      const fromBuilt = await chatVisitor(t, built, `10.8.${i}.1`).ask(question);
      const fromSeeded = await chatVisitor(t, seeded, `10.8.${i}.2`).ask(question);
      expect(fromSeeded.reply, question).toBe(fromBuilt.reply);
      expect(fromSeeded.sources, question).toEqual(fromBuilt.sources);
      expect(fromSeeded.declined, question).toBe(fromBuilt.declined);
      if (fromSeeded.declined) declines += 1;
    }
    // Both kinds of reply were compared: answers with their sources, and declines.
    expect(declines).toBeGreaterThan(0);
    expect(declines).toBeLessThan(questions.length);
  }, 60_000);
});
