import {
  API,
  CHECK_UP_QUESTIONS,
  ERROR_CODES,
  INSIGHTS_MSG,
  chatResponseSchema,
  checkUpResponseSchema,
  conversationsResponseSchema,
  generateQuestionsResponseSchema,
  missedQuestionsResponseSchema,
  parseReply,
} from '@vuxo/shared';
import { testDatabases } from '../support/databases.js';
import { bearer, type TestApp } from '../support/test-app.js';
import { startWithTwoBots, type ReadyBot } from '../engine/answer/chat-fixtures.js';

/**
 * Harbourview handbook questions: one the shipped assurance (decision 089) answers unsure, one it answers surely.
 * Retraining the assurance can move a question across a threshold: pick another of the same kind then.
 */
const UNSURE = 'What payment methods do you accept?';
const CONFIDENT = 'How much does an initial assessment cost?';

describe.each(testDatabases())('the check-up and unsure answers on $name', (database) => {
  let t: TestApp;
  let bot: ReadyBot;
  let other: ReadyBot;
  let address = 0;

  beforeAll(async () => ({ t, bot, other } = await startWithTwoBots(database)));
  afterAll(() => t.close());

  const asOwner = (owner: ReadyBot) => ({ headers: bearer(owner.ownerToken) });
  const get = (url: string, owner = bot) =>
    t.app.inject({ method: 'GET', url: `${url}?botId=${bot.botId}`, ...asOwner(owner) });
  const visitorGets = async (message: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.chat,
      remoteAddress: `10.11.0.${++address}`,
      payload: { botConfigId: bot.shareId, message },
    });
    expect(res.statusCode, res.body).toBe(200);
    return parseReply(chatResponseSchema, res.json());
  };
  const visitorAsks = async (message: string) => (await visitorGets(message)).reply;

  it("gives the bot's answers to its suggested questions and its key facts' questions, logging nothing", async () => {
    const res = await get(API.botCheckUp);
    expect(res.statusCode, res.body).toBe(200);
    const { ready, items } = parseReply(checkUpResponseSchema, res.json());
    expect(ready).toBe(true);
    const suggested = await t.app.inject({
      method: 'POST',
      url: API.generateQuestions,
      payload: { botId: bot.botId },
    });
    const { questions } = parseReply(generateQuestionsResponseSchema, suggested.json());
    expect(questions.length).toBeGreaterThan(0);
    // The handbook gives a phone, an email, an address, hours and prices.
    expect(items.map((item) => item.question)).toEqual([
      ...questions,
      ...Object.values(CHECK_UP_QUESTIONS).filter((q) => !questions.includes(q)),
    ]);
    const phone = items.find((item) => item.question === CHECK_UP_QUESTIONS.phones)!;
    expect(phone).toMatchObject({ outcome: 'answered' });
    expect(phone.reply).toContain('555-0142');
    const hours = items.find((item) => item.question === CHECK_UP_QUESTIONS.hours)!;
    expect(hours.reply).toContain('7:00');

    // Nothing of it is in the owner's log or review list.
    const log = await get(API.botConversations);
    expect(parseReply(conversationsResponseSchema, log.json()).total).toBe(0);
    const missed = await get(API.missedQuestions);
    expect(parseReply(missedQuestionsResponseSchema, missed.json()).questions).toEqual([]);

    // The same answer a visitor gets.
    expect(await visitorAsks(CHECK_UP_QUESTIONS.phones)).toBe(phone.reply);
  });

  it("answers 404 for another owner's bot, and 401 to no one", async () => {
    const res = await get(API.botCheckUp, other);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: ERROR_CODES.botNotFound });
    const anonymous = await t.app.inject({ method: 'GET', url: `${API.botCheckUp}?botId=${bot.botId}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('says how sure each reply is: sure, unsure with the closest passage and a way to the business, or declined (issue 44)', async () => {
    const ask = visitorGets;
    const unsure = await ask(UNSURE);
    expect(unsure.confidence).toBe('unsure');
    expect(unsure.declined).toBeUndefined();
    expect(unsure.reply).toMatch(/closest/i);
    expect(unsure.reply).not.toMatch(/couldn.t find|don.t have information/i);
    expect(unsure.reply).toMatch(/@/); // the way to the business: its contact address
    expect((await ask(CONFIDENT)).confidence).toBe('sure');
    const declined = await ask('Do you repair vintage motorcycles?');
    expect(declined).toMatchObject({ declined: true });
    expect(declined.confidence).toBeUndefined();
  });

  it('lists an answer the engine was unsure of for review, with why, and not a confident one', async () => {
    const unsureReply = await visitorAsks(UNSURE);
    expect(unsureReply).not.toMatch(/unsure|low-confidence|missing-type/i);
    await visitorAsks(CONFIDENT);
    const res = await get(API.missedQuestions);
    const questions = parseReply(missedQuestionsResponseSchema, res.json()).questions;
    const listed = questions.find((q) => q.text === UNSURE);
    expect(listed, JSON.stringify(questions)).toMatchObject({ declined: 0, downVotes: 0 });
    expect(listed!.reason?.rule).toMatch(/^(low-confidence|missing-type)$/);
    expect(INSIGHTS_MSG.missedReason(listed!.reason!)).toMatch(/^Your bot answered, but /);
    expect(questions.map((q) => q.text)).not.toContain(CONFIDENT);
  });
});
