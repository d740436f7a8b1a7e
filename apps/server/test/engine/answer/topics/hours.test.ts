import { askedQuestion } from '../../../../src/engine/answer/asked-question.js';
import type { AnswerBot } from '../../../../src/engine/answer/index.js';
import { askerOf } from '../ask-engine.js';
import {
  asksHours,
  clockText,
  daysAsked,
  hoursReply,
  timeStyle,
} from '../../../../src/engine/answer/topics/hours.js';
import { buildKnowledgeHere } from '../../../../src/engine/build/build-knowledge.js';
import { extractKeyFacts } from '../../../../src/engine/facts/index.js';
import { splitIntoPassages } from '../../../../src/engine/passages/index.js';
import { rulesWithout } from '../../../../src/engine/rules.js';

const INTRO =
  '# Welcome\n\nMaple Physio treats sports injuries in Harrogate. The bar next door opens at 5pm.';
/** The same hours in the three layouts documents use: a line per day, a table, and prose. */
const LAYOUTS = {
  lines: `${INTRO}\n\n# Opening hours\n\nMonday - Friday: 9am - 5pm\nSaturday: 10am - 2pm\nSunday: Closed`,
  table: `${INTRO}\n\n# Opening hours\n\n| Day | Hours |\n| --- | --- |\n| Monday to Friday | 9am - 5pm |\n| Saturday | 10am - 2pm |\n| Sunday | Closed |`,
  prose: `${INTRO}\n\n# Visiting us\n\nWe are open Monday to Friday from 9am to 5pm and Saturday from 10am to 2pm. We are closed on Sunday.`,
};

const bot: AnswerBot = {
  id: 'bot_hours',
  name: 'Maple Helper',
  tone: 'friendly',
  creativity: 'restricted',
  version: '1',
  documentName: 'physio.txt',
  contactEmail: 'owner@maple.example',
};

const askOf = (text: string) => askerOf(bot, buildKnowledgeHere({ text, pages: null }).index);

describe.each(Object.entries(LAYOUTS))('opening hours printed as %s', (layout, text) => {
  const ask = askOf(text);
  // Ranges are written as the document writes them: '9am - 5pm' → '9am–5pm', prose's '9am to 5pm' as it is.
  const to = layout === 'prose' ? ' to ' : '–';

  it.each([
    ['are you open on saturday?', `Saturday: 10am${to}2pm.`],
    ['what time do you close on fridays', `Friday: 9am${to}5pm.`],
    ['are you open on the weekend', `- Saturday: 10am${to}2pm\n- Sunday: closed\n`],
    [
      'what are your opening hours',
      `Our opening hours:\n- Monday to Friday: 9am${to}5pm\n- Saturday: 10am${to}2pm\n- Sunday: closed\n`,
    ],
    ['wat time do u open on tuesday', `Tuesday: 9am${to}5pm.`],
    ['are you open til half 4 on friday?', `Friday: 9am${to}5pm.`],
    ['open until 6pm on saturday?', `Saturday: 10am${to}2pm.`],
  ])('answers "%s" with the hours first and their source', async (question, reply) => {
    const answer = await ask(question);
    expect(answer.kind).toBe('answer');
    expect(answer.reply.startsWith(reply)).toBe(true);
    expect(answer.reply).toMatch(/\n\n_Source: (?:Opening hours|Visiting us)_$/);
  });

  it('leaves a subject with its own time to the normal answer', async () => {
    const answer = await ask('when does the bar open?');
    expect(answer.reply).toMatch(/5pm/);
    expect(answer.reply).not.toMatch(/9am/);
  });
});

describe('a subject with its own day and time', () => {
  const text = [
    '# Visiting',
    'Open house: every Tuesday evening 7-9 pm. Everyone is welcome.',
    '# Monthly clean',
    'The monthly clean is on the third Saturday of each month at 10 am, with a free lunch.',
  ].join('\n\n');

  it('is not answered with the opening hours, which another sentence gives', async () => {
    const answer = await askOf(text)('what time does the monthly clean start');
    expect(answer.reply).not.toMatch(/opening hours|7 ?pm|Tuesday/i);
  });

  it('is answered with them when its own sentence gives them', async () => {
    expect((await askOf(text)('what time does the open house start on tuesday')).reply).toMatch(
      /^Tuesday: 7/,
    );
  });
});

describe('opening hours replies', () => {
  const passagesOf = (text: string) => splitIntoPassages({ text, pages: null });
  /** The hours reply to a question about `text`, uploaded as `documentName`. */
  const replyTo = (
    question: string,
    text: string,
    documentName = 'physio.txt',
    options?: Parameters<typeof hoursReply>[4],
  ) => hoursReply(askedQuestion(question), extractKeyFacts(text), passagesOf(text), documentName, options);

  it("answers 'today' for the day it is, by name", () => {
    const text = LAYOUTS.lines;
    const friday = new Date(2026, 10, 27, 12);
    const reply = replyTo('are you open today?', text, 'physio.txt', { now: friday });
    expect(reply?.text).toMatch(/^Friday: 9am–5pm\./);
    expect(daysAsked(askedQuestion('open tomorrow?'), friday)).toEqual(['sat']);
  });

  it('writes times the way the document does', () => {
    expect(clockText('17:00', timeStyle(['Friday from 7:00 AM to 5:00 PM']))).toBe('5:00 PM');
    expect(clockText('13:30', timeStyle(['Monday 8.45am to 1.30pm']))).toBe('1.30pm');
    expect(clockText('19:00', timeStyle(['Thursday to Saturday at 7pm']))).toBe('7pm');
    expect(clockText('09:00', timeStyle(['Monday 09:00–17:00']))).toBe('09:00');
  });

  it('answers a holiday from the document’s own question about it with its answer, under that question', () => {
    const text = `${LAYOUTS.lines}\n\n## Are you open on Thanksgiving?\n\nYes - we are open every day of the year.`;
    const reply = replyTo('are you open on thanksgiving?', text, 'laundry.txt');
    expect(reply?.text).toBe(
      'Are you open on Thanksgiving? Yes - we are open every day of the year.\n\n_Source: Opening hours › Are you open on Thanksgiving?_',
    );
  });

  it("answers a holiday with the document's own sentence about it", () => {
    const text = `${LAYOUTS.lines}\n\nWe are closed on Christmas Day and Boxing Day.`;
    const reply = replyTo('are you open on christmas day?', text);
    expect(reply?.text).toMatch(
      /^We are closed on Christmas Day and Boxing Day\.\n\n_Source: Opening hours_$/,
    );
    // A holiday the document does not name: the normal way.
    expect(replyTo('are you open at easter?', text)).toBeNull();
  });

  it('gives the week as the one sentence that prints it', async () => {
    const text = `${INTRO}\n\n# Opening hours\n\nWe are open every day from 8am to 8pm.`;
    const answer = await askOf(text)('When are you open?');
    expect(answer.reply).toBe('We are open every day from 8am to 8pm.\n\n_Source: Opening hours_');
    expect((await askOf(text)('are you open on sunday?')).reply).toMatch(/^Sunday: 8am to 8pm\./);
  });

  it('gives the hours it has, as unsure, for a day they do not give (issue 44)', async () => {
    const text = `${INTRO}\n\n# Opening hours\n\nMonday - Friday: 9am - 5pm`;
    const reply = replyTo('are you open on sunday?', text);
    // The one line that gives the week says it in the document's words.
    expect(reply).toEqual(
      expect.objectContaining({
        partial: true,
        text: 'Monday - Friday: 9am - 5pm\n\n_Source: Opening hours_',
      }),
    );
    const answer = await askOf(text)('are you open on sunday?');
    expect(answer.unsure).toBeDefined();
    expect(answer.reply).toMatch(/^This may not be exactly what you asked, but here's the closest I found:/);
    expect(answer.reply).toMatch(/owner@maple\.example/);
    // The one sentence that gives the week says it in the document's words.
    const prose = `${INTRO}\n\n# Opening hours\n\n7:00 A.M. - 5:00 P.M. Monday through Friday`;
    expect((await askOf(prose)('r u open on saturdays')).reply).toMatch(
      /closest I found:\n\n7:00 A\.M\. - 5:00 P\.M\. Monday through Friday\n\n/,
    );
  });

  it('goes the normal way for a day the document names in words the hours do not read, or with the rule off', () => {
    const named = `${INTRO}\n\n# Opening hours\n\nMonday - Friday: 9am - 5pm\n\nSundays by arrangement with your physio.`;
    const hoursFor = (text: string, rules = rulesWithout()) =>
      replyTo('are you open on sunday?', text, 'physio.txt', { rules });
    expect(hoursFor(named)).toBeNull();
    const weekdays = `${INTRO}\n\n# Opening hours\n\nMonday - Friday: 9am - 5pm`;
    expect(hoursFor(weekdays)).not.toBeNull();
    expect(hoursFor(weekdays, rulesWithout(['hours-partial']))).toBeNull();
  });

  it('reads what asks about opening times and nothing else', () => {
    expect(asksHours(askedQuestion('are you open on saturday'))).toBe(true);
    expect(asksHours(askedQuestion('what time does dinner start on a friday'))).toBe(true);
    expect(asksHours(askedQuestion('which nights are you open for dinner?'))).toBe(true);
    expect(asksHours(askedQuestion('how many hours of lessons do I need'))).toBe(false);
    expect(asksHours(askedQuestion('how do I close my account?'))).toBe(false);
    expect(asksHours(askedQuestion('is the shop close to the station?'))).toBe(false);
  });
});
