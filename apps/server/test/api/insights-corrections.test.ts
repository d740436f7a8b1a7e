import {
  API,
  ERROR_CODES,
  INSIGHTS_MSG,
  correctionsResponseSchema,
  missedQuestionsResponseSchema,
  parseReply,
} from '@vuxo/shared';
import { chatVisitor } from '../support/chat-visitors.js';
import { testDatabases } from '../support/databases.js';
import { bearer, type TestApp } from '../support/test-app.js';
import { startWithTwoBots, type ReadyBot } from '../engine/answer/chat-fixtures.js';

/** A question the Harbourview handbook does not answer, and the same question in other words. */
const MISSED = 'Do you offer dog grooming?';
const MISSED_AGAIN = 'Can I get my dog groomed?';
const OWNER_ANSWER = 'No, we treat people only: for pets, ask a groomer near you.';

describe.each(testDatabases())(
  'owner insights on $name: missed questions, corrections and feedback',
  (database) => {
    let t: TestApp;
    let bot: ReadyBot;
    let other: ReadyBot;
    let address = 0;

    beforeAll(async () => ({ t, bot, other } = await startWithTwoBots(database)));
    afterAll(() => t.close());

    const newVisitor = () => chatVisitor(t, bot, `10.9.0.${++address}`);
    const asOwner = (owner: ReadyBot) => ({ headers: bearer(owner.ownerToken) });
    const missed = async (owner = bot) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API.missedQuestions}?botId=${bot.botId}`,
        ...asOwner(owner),
      });
      expect(res.statusCode, res.body).toBe(200);
      return parseReply(missedQuestionsResponseSchema, res.json()).questions;
    };
    const saveCorrection = (payload: Record<string, unknown>, owner = bot) =>
      t.app.inject({
        method: 'POST',
        url: API.saveCorrection,
        ...asOwner(owner),
        payload: { botId: bot.botId, ...payload },
      });

    it("answers 404 for another owner's bot on every insight call", async () => {
      for (const url of [
        API.botConversations,
        API.botConversationsCsv,
        API.missedQuestions,
        API.corrections,
      ]) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${url}?botId=${bot.botId}`,
          ...asOwner(other),
        });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ code: ERROR_CODES.botNotFound });
      }
      for (const [url, payload] of [
        [API.saveCorrection, { botId: bot.botId, question: 'Hours?', answer: 'Nine to five.' }],
        [API.deleteCorrection, { botId: bot.botId, id: 'cor_x' }],
        [API.deleteConversation, { botId: bot.botId, id: 'c_x' }],
        [API.dismissMissedQuestion, { botId: bot.botId, id: 'msg_x' }],
      ] as const) {
        const res = await t.app.inject({ method: 'POST', url, payload, ...asOwner(other) });
        expect(res.statusCode, url).toBe(404);
      }
      const anonymous = await t.app.inject({ method: 'GET', url: `${API.corrections}?botId=${bot.botId}` });
      expect(anonymous.statusCode).toBe(401);
    });

    it('a missed question becomes a correction that answers it in other words, until it is removed', async () => {
      const visitor = newVisitor();
      const first = await visitor.ask(MISSED);
      expect(first.messageId).toMatch(/^msg_/);
      expect(first.reply).not.toContain(OWNER_ANSWER);
      const before = await newVisitor().ask(MISSED_AGAIN);

      const listed = await missed();
      const question = listed.find((q) => q.text === MISSED_AGAIN || q.text === MISSED);
      expect(question, JSON.stringify(listed)).toMatchObject({ count: 2, declined: 2 });

      const saved = await saveCorrection({ question: MISSED, answer: OWNER_ANSWER });
      expect(saved.statusCode, saved.body).toBe(200);
      const { id } = saved.json() as { id: string };

      const corrected = await newVisitor().ask(MISSED_AGAIN);
      expect(corrected.reply).toContain(OWNER_ANSWER);
      expect(corrected.reply).toContain(INSIGHTS_MSG.ownerAnswerSource);
      expect((await missed()).map((q) => q.text)).not.toContain(MISSED);

      const list = await t.app.inject({
        method: 'GET',
        url: `${API.corrections}?botId=${bot.botId}`,
        ...asOwner(bot),
      });
      expect(parseReply(correctionsResponseSchema, list.json()).corrections).toEqual([
        expect.objectContaining({ id, question: MISSED, answer: OWNER_ANSWER }),
      ]);

      const edited = await saveCorrection({ id, question: MISSED, answer: 'We only treat people.' });
      expect(edited.statusCode).toBe(200);
      expect((await newVisitor().ask(MISSED)).reply).toContain('We only treat people.');

      const removed = await t.app.inject({
        method: 'POST',
        url: API.deleteCorrection,
        ...asOwner(bot),
        payload: { botId: bot.botId, id },
      });
      expect(removed.statusCode).toBe(200);
      const after = await newVisitor().ask(MISSED_AGAIN);
      // The document's answer again, as before the correction.
      expect(after.reply).toBe(before.reply);
    });

    it('a declined question says why in the missed questions, and its visitor is never told', async () => {
      const question = 'Do you accept Amex cards?';
      const res = await t.app.inject({
        method: 'POST',
        url: API.chat,
        remoteAddress: `10.9.0.${++address}`,
        payload: { botConfigId: bot.shareId, message: question },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toMatch(/declineReason|decline_reason|absent-word|"rule"/);
      expect(res.body.toLowerCase()).not.toContain('never mentions');

      const listed = (await missed()).find((q) => q.text === question);
      expect(listed, JSON.stringify(await missed())).toMatchObject({
        declined: 1,
        reason: { rule: 'absent-word', words: ['amex'] },
      });
      expect(INSIGHTS_MSG.missedReason(listed!.reason!)).toBe('Your document never mentions "amex".');
      expect(listed!.answer).toBeNull();
    });

    it('an unsure answer is listed to review with what the visitor was told; a sure one is not', async () => {
      const visitor = newVisitor();
      const unsure = await visitor.ask('Is there free parking?');
      expect(unsure.confidence).toBe('unsure');
      const sure = await visitor.ask('How long is the first visit?');
      expect(sure.confidence).toBe('sure');

      const listed = await missed();
      const parking = listed.find((q) => q.text === 'Is there free parking?');
      expect(parking, JSON.stringify(listed)).toMatchObject({ declined: 0, answer: unsure.reply });
      expect(parking!.reason).not.toBeNull();
      expect(listed.find((q) => q.text === 'How long is the first visit?')).toBeUndefined();
    });

    it('a correction does not answer a different question', async () => {
      const saved = await saveCorrection({ question: 'Are you open on Saturday?', answer: 'Yes, 9 to 1.' });
      expect(saved.statusCode).toBe(200);
      const reply = (await newVisitor().ask('Are you open on Sunday?')).reply;
      expect(reply).not.toContain('Yes, 9 to 1.');
      expect((await newVisitor().ask('Saturday opening hours?')).reply).toContain('Yes, 9 to 1.');
    });

    it("a saved answer answers its question in other words, not another's, and the owner sees which it answered", async () => {
      const saved = await saveCorrection({ question: "How much is a women's haircut?", answer: 'From $45.' });
      expect(saved.statusCode, saved.body).toBe(200);
      const { id } = saved.json() as { id: string };
      for (const paraphrase of [
        'ladies cut',
        'how much for a haircut for women',
        "what does a woman's cut cost",
      ]) {
        expect((await newVisitor().ask(paraphrase)).reply, paraphrase).toContain('From $45.');
        // "Lately" orders by the time asked, kept to the millisecond: two questions in one are a tie.
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
      expect((await newVisitor().ask("How much is a men's haircut?")).reply).not.toContain('From $45.');

      const list = await t.app.inject({
        method: 'GET',
        url: `${API.corrections}?botId=${bot.botId}`,
        ...asOwner(bot),
      });
      const correction = parseReply(correctionsResponseSchema, list.json()).corrections.find(
        (c) => c.id === id,
      );
      expect(correction?.answered).toEqual({
        count: 3,
        recent: ["what does a woman's cut cost", 'how much for a haircut for women', 'ladies cut'],
      });
      expect(INSIGHTS_MSG.correctionAnswered(3)).toBe('Given for 3 visitor questions, lately:');
    });

    it('where the handbook has no sure answer, a saved answer about the same thing answers it in other words (decision 106)', async () => {
      const answer = 'Yes: call before 10am and we keep same-day slots for patients in pain.';
      const saved = await saveCorrection({
        question: 'I have a bad back, can I get an emergency appointment?',
        answer,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const { id } = saved.json() as { id: string };
      const paraphrases = [
        'I’m in a lot of pain, can you fit me in today?',
        'do you take emergency patients?',
      ];
      for (const paraphrase of paraphrases) {
        expect((await newVisitor().ask(paraphrase)).reply, paraphrase).toContain(answer);
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
      // Other subjects, answered or not by the handbook, keep their own answers.
      for (const other of ['Is there a shower at the clinic?', 'How much is an initial assessment?']) {
        expect((await newVisitor().ask(other)).reply, other).not.toContain(answer);
      }

      const list = await t.app.inject({
        method: 'GET',
        url: `${API.corrections}?botId=${bot.botId}`,
        ...asOwner(bot),
      });
      const correction = parseReply(correctionsResponseSchema, list.json()).corrections.find(
        (c) => c.id === id,
      );
      expect(correction?.answered).toEqual({ count: 2, recent: [...paraphrases].reverse() });
    });

    it('refuses an empty or too long correction with its message', async () => {
      const empty = await saveCorrection({ question: ' ', answer: 'x' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ error: INSIGHTS_MSG.correctionQuestionRequired });
      const long = await saveCorrection({ question: 'Hours?', answer: 'x'.repeat(2001) });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ error: INSIGHTS_MSG.correctionAnswerTooLong(2000) });
      const unknown = await saveCorrection({ id: 'cor_missing', question: 'Hours?', answer: 'Nine.' });
      expect(unknown.statusCode).toBe(404);
    });

    it('one vote per answer by its visitor; a thumbs down lists the question as missed', async () => {
      const visitor = newVisitor();
      const answered = await visitor.ask('How much is an initial assessment?');
      expect(answered.messageId).toBeDefined();
      const down = await visitor.vote(answered.messageId!, 'down');
      expect(down.statusCode, down.body).toBe(200);
      const again = await visitor.vote(answered.messageId!, 'up');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: ERROR_CODES.alreadyRated,
        error: INSIGHTS_MSG.alreadyRated,
      });
      // Someone else cannot rate the visitor's answer, nor can anyone rate it through another bot.
      expect((await newVisitor().vote(answered.messageId!, 'up')).statusCode).toBe(404);
      expect((await visitor.vote(answered.messageId!, 'up', other)).statusCode).toBe(404);

      const listed = (await missed()).find((q) => q.text === 'How much is an initial assessment?');
      // Rated down, not declined: no reason to show.
      expect(listed).toMatchObject({
        count: 1,
        downVotes: 1,
        declined: 0,
        reason: null,
        answer: answered.reply,
      });
      const dismissed = await t.app.inject({
        method: 'POST',
        url: API.dismissMissedQuestion,
        ...asOwner(bot),
        payload: { botId: bot.botId, id: listed!.id },
      });
      expect(dismissed.statusCode).toBe(200);
      expect((await missed()).map((q) => q.text)).not.toContain('How much is an initial assessment?');
    });
  },
);
