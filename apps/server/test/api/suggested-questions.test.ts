import {
  API,
  ERROR_CODES,
  SUGGESTED_QUESTIONS_LIMITS as L,
  SUGGESTED_QUESTIONS_MSG as M,
  generateQuestionsResponseSchema,
  parseReply,
  publicBotInfoResponseSchema,
  suggestedQuestionsResponseSchema,
} from '@vuxo/shared';
import { testDatabases } from '../support/databases.js';
import { documentCalls } from '../support/knowledge-apps.js';
import { bearer, type TestApp } from '../support/test-app.js';
import { createReadyBot, startChatApp, type ReadyBot } from '../engine/answer/chat-fixtures.js';

/** A clinic's page: hours, a price, parking and a way to reach it, each a question a patient asks. */
const CLINIC = `# Bright Smile Dental
A family dental practice in Leeds.

## Opening hours
Monday to Friday 8:30 am to 5:30 pm.

## Check-ups
A check-up costs £45 and includes a scale and polish.

## Parking
Free parking is available behind the practice on Church Street.

## Contact
Call us on 0113 496 0123 or email hello@brightsmile.example.`;

/** The clinic's new document: whitening instead of parking. */
const WHITENING = CLINIC.replace(
  /## Parking[^#]*/,
  '## Whitening\nTeeth whitening costs £250 for a full course.\n\n',
);

/**
 * The owner's suggested questions (decision 107): GET /api/suggested-questions, POST /api/save-suggested-questions
 * and /api/reset-suggested-questions, owner only; the widget's chips follow the owner's list.
 */
describe.each(testDatabases())('suggested questions on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startChatApp({ database });
  });
  afterAll(() => t.close());

  const read = (bot: ReadyBot, token = bot.ownerToken) =>
    t.app.inject({
      method: 'GET',
      url: `${API.suggestedQuestions}?botId=${bot.botId}`,
      headers: bearer(token),
    });
  const save = (bot: ReadyBot, questions: unknown, token = bot.ownerToken) =>
    t.app.inject({
      method: 'POST',
      url: API.saveSuggestedQuestions,
      headers: bearer(token),
      payload: { botId: bot.botId, questions },
    });
  const reset = (bot: ReadyBot, token = bot.ownerToken) =>
    t.app.inject({
      method: 'POST',
      url: API.resetSuggestedQuestions,
      headers: bearer(token),
      payload: { botId: bot.botId },
    });
  async function listOf(bot: ReadyBot) {
    const res = await read(bot);
    expect(res.statusCode, res.body).toBe(200);
    return parseReply(suggestedQuestionsResponseSchema, res.json());
  }
  /** The chips a visitor gets: with the bot's info, and from the widget's own call. */
  async function chipsOf(bot: ReadyBot) {
    const info = await t.app.inject({ method: 'GET', url: `${API.publicBotInfo}?shareId=${bot.shareId}` });
    expect(info.statusCode, info.body).toBe(200);
    const generated = await t.app.inject({
      method: 'POST',
      url: API.generateQuestions,
      payload: { botId: bot.shareId },
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const questions = parseReply(generateQuestionsResponseSchema, generated.json()).questions;
    expect(parseReply(publicBotInfoResponseSchema, info.json()).publicBotInfo.generatedQuestions).toEqual(
      questions,
    );
    return questions;
  }
  const stored = async (bot: ReadyBot) =>
    t.database.db
      .selectFrom('bots')
      .select(['generated_questions', 'owner_questions'])
      .where('id', '=', bot.botId)
      .executeTakeFirstOrThrow();

  it('shows the build’s questions, then the owner’s edited, reordered and added list to visitors at once', async () => {
    const bot = await createReadyBot(t, { text: CLINIC });
    const first = await listOf(bot);
    expect(first.edited).toBe(false);
    expect(first.questions).toEqual(first.fromDocument);
    expect(first.questions).toEqual(
      expect.arrayContaining(['How much does a check-up cost?', 'Is parking available?']),
    );
    expect(await chipsOf(bot)).toEqual(first.questions);

    const mine = ['Is parking available?', 'Do you see children?', 'How much is a check-up?'];
    const saved = await save(bot, [
      '  Is parking available?  ',
      'Do you see children?',
      'How much is a check-up?',
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(parseReply(suggestedQuestionsResponseSchema, saved.json())).toEqual({
      questions: mine,
      edited: true,
      fromDocument: first.fromDocument,
    });
    expect(await listOf(bot)).toMatchObject({ questions: mine, edited: true });
    expect(await chipsOf(bot)).toEqual(mine);

    // Removing every question is the owner's choice too: visitors see none.
    expect((await save(bot, [])).statusCode).toBe(200);
    expect(await chipsOf(bot)).toEqual([]);
    // The reset gives the list back to the document.
    const back = await reset(bot);
    expect(back.statusCode, back.body).toBe(200);
    expect(parseReply(suggestedQuestionsResponseSchema, back.json())).toEqual({ ...first, edited: false });
    expect((await stored(bot)).owner_questions).toBeNull();
    expect(await chipsOf(bot)).toEqual(first.questions);
  });

  it('keeps the owner’s list through a rebuild, while the document’s suggestions follow the new document', async () => {
    const bot = await createReadyBot(t, { text: CLINIC });
    const before = await listOf(bot);
    const mine = ['Do you see children?', 'Is parking available?'];
    expect((await save(bot, mine)).statusCode).toBe(200);
    // The owner replaces the document: the rebuild makes its suggestions from the new one.
    const calls = documentCalls(t.app, { token: bot.ownerToken, botId: bot.botId, shareId: bot.shareId });
    const [first] = (await calls.list()).documents;
    await calls.replaced(first!.id, 'clinic-2027.txt', WHITENING);
    await calls.settled();
    const after = await listOf(bot);
    expect(after.fromDocument).not.toEqual(before.fromDocument);
    expect(after.fromDocument).toContain('What can you tell me about whitening?');
    expect(after.fromDocument).not.toContain('Is parking available?');
    expect(after).toMatchObject({ questions: mine, edited: true });
    expect(await chipsOf(bot)).toEqual(mine);
    expect(JSON.parse((await stored(bot)).owner_questions!)).toEqual(mine);
    // Given back to the document, the chips are the new build's.
    expect((await reset(bot)).statusCode).toBe(200);
    expect(await chipsOf(bot)).toEqual(after.fromDocument);
  });

  it('refuses a duplicate (case and punctuation aside), too many, too long, empty or multi-line questions, and writes nothing', async () => {
    const bot = await createReadyBot(t, { text: CLINIC });
    const cases: [unknown, string][] = [
      [['Is parking available?', 'is parking available'], M.duplicate('is parking available')],
      [['Do you see children?', 'DO YOU SEE CHILDREN ?!'], M.duplicate('DO YOU SEE CHILDREN ?!')],
      [Array.from({ length: L.count + 1 }, (_, i) => `Question ${i}?`), M.tooMany(L.count)],
      [['x'.repeat(L.chars + 1)], M.questionTooLong(L.chars)],
      [['   '], M.questionRequired],
      [[42], M.questionRequired],
      [['Do you\nsee children?'], 'Please keep this on one line'],
      [['Do you\tsee children?'], M.questionInvalid],
    ];
    for (const [bad, message] of cases) {
      const res = await save(bot, bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ error: message });
    }
    expect((await save(bot, undefined)).statusCode).toBe(400);
    expect((await stored(bot)).owner_questions).toBeNull();
    // The limits themselves are allowed.
    const full = Array.from({ length: L.count }, (_, i) => `${'Is it open'.padEnd(L.chars - 2, '.')}${i}?`);
    expect(full[0]).toHaveLength(L.chars);
    expect((await save(bot, full)).statusCode).toBe(200);
  });

  it('answers 404 for another owner’s bot and an unknown one, and 401 signed out, changing nothing', async () => {
    const bot = await createReadyBot(t, { text: CLINIC });
    const other = await createReadyBot(t, { text: CLINIC, name: 'Someone Else' });
    for (const res of [
      await read(bot, other.ownerToken),
      await save(bot, ['Do you see children?'], other.ownerToken),
      await reset(bot, other.ownerToken),
      await read({ ...bot, botId: 'bot_unknown' }),
      await save({ ...bot, botId: 'bot_unknown' }, []),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: ERROR_CODES.botNotFound });
    }
    expect((await stored(bot)).owner_questions).toBeNull();
    const signedOut = await t.app.inject({
      method: 'POST',
      url: API.saveSuggestedQuestions,
      payload: { botId: bot.botId, questions: [] },
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await stored(bot)).owner_questions).toBeNull();
  });
});
