import { askedQuestion } from '../../../../src/engine/answer/asked-question.js';
import type { AnswerBot } from '../../../../src/engine/answer/index.js';
import { askerOf } from '../ask-engine.js';
import { asksPrice, priceReply } from '../../../../src/engine/answer/topics/price.js';
import { extractKeyFacts } from '../../../../src/engine/facts/index.js';
import { splitIntoPassages } from '../../../../src/engine/passages/index.js';
import { buildKnowledgeHere } from '../../../../src/engine/build/build-knowledge.js';
import { ALL_RULES, rulesWithout, type EngineRule } from '../../../../src/engine/rules.js';

/** A salon's price table, one section per kind of service, and a booking paragraph that mentions a deposit. */
const SALON = [
  '# Welcome',
  'Birch Hair Studio cuts, colours and styles hair in the heart of Leeds.',
  '# Services',
  '## Cutting and Styling',
  '| Service | Price |\n| --- | --- |\n| Women | from $45 |\n| Men | from $25 |\n| Children | $18 |',
  '## Colour',
  '| Service | Price |\n| --- | --- |\n| Root Touch Up | $70 |\n| Full Balayage | from $180 |\n| Partial Balayage | from $120 |',
  '# Booking terms',
  'New guests leave a £20 deposit when booking. We ask for 24 hours notice to cancel.',
].join('\n\n');

const bot: AnswerBot = {
  id: 'bot_prices',
  name: 'Birch Helper',
  tone: 'friendly',
  creativity: 'restricted',
  version: '1',
  documentName: 'salon.txt',
  contactEmail: 'owner@birch.example',
};

/** An engine answering from `text`, with these rules off. */
const askOf = (text: string, off: EngineRule[] = []) =>
  askerOf(bot, buildKnowledgeHere({ text, pages: null }).index, off);

describe('price questions answered from the price list', () => {
  const ask = askOf(SALON);

  it.each([
    ['how much is a womens haircut', /^Women \\\(Cutting and Styling\\\): from \$45\./],
    ["price for a men's cut?", /^Men \\\(Cutting and Styling\\\): from \$25\./],
    ['whats a root touch up cost', /^Root Touch Up \\\(Colour\\\): \$70\./],
    ['how much do you charge for kids', null],
  ])('answers "%s" with the item, its price and its source', async (question, reply) => {
    const answer = await ask(question);
    if (reply === null) {
      // 'kids' is not the list's word: no price list answer, the normal way runs.
      expect(answer.reply).not.toMatch(/^Children/);
      return;
    }
    expect(answer.kind).toBe('answer');
    expect(answer.reply).toMatch(reply);
    expect(answer.reply).toMatch(/_Source: Services › (?:Cutting and Styling|Colour)_$/);
  });

  it("lists a section's prices when the question names only the section", async () => {
    const answer = await ask('how much is balayage?');
    expect(answer.reply).toMatch(
      /^Here are the prices:\n- Full Balayage .*from \$180\n- Partial Balayage .*from \$120/,
    );
  });

  it("gives the document's own sentence when it prints the price in prose", async () => {
    const text = `${SALON}\n\n# Extras\n\nA scalp treatment costs $30 and includes a ten-minute head massage.`;
    const answer = await askOf(text)('how much is a scalp treatment?');
    expect(answer.reply).toBe(
      'A scalp treatment costs $30 and includes a ten-minute head massage.\n\n_Source: Extras_',
    );
  });

  it('goes the normal way for a thing the list does not name', async () => {
    const answer = await ask('how much is a beard trim?');
    expect(answer.reply).not.toMatch(/\$\d/);
  });

  it('does not answer from a paragraph that only mentions a price', async () => {
    // The booking terms print one price: no list, so 'booking' alone does not make it an answer from the list.
    const answer = await ask('how much does booking cost?');
    expect(answer.reply).not.toMatch(/^Here are the prices/);
  });

  it('answers the normal way with the rule off', async () => {
    const answer = await askOf(SALON, ['price-facts'])('how much is a womens haircut');
    expect(answer.reply).not.toMatch(/^Women \\\(Cutting/);
  });

  it('reads what asks for a price, typos included, and nothing else', () => {
    expect(asksPrice(askedQuestion('how much is it'))).toBe(true);
    expect(asksPrice(askedQuestion('whats the pirce of a cut'))).toBe(true);
    expect(asksPrice(askedQuestion('what are your fees'))).toBe(true);
    expect(asksPrice(askedQuestion('can I bring my dog'))).toBe(false);
    expect(asksPrice(askedQuestion('how many people fit in the room'))).toBe(false);
    // Everyday words one letter from a price word are themselves, not typos of it.
    expect(asksPrice(askedQuestion('what is your most popular colour?'))).toBe(false);
    expect(asksPrice(askedQuestion('how many people does a full tray feed?'))).toBe(false);
  });

  it('gives the closest prices, marked partial, when the list names every question word but one', () => {
    const valeting = [
      '# Prices',
      'Main Services Regular Large Massive',
      'Basic Valet £32 £38 £40',
      'Includes a wash and a hoover',
      'Deep Valet £110 £129 £137',
    ].join('\n');
    const source = {
      passages: splitIntoPassages({ text: valeting, pages: null }),
      documentFrequency: () => 0,
      rules: ALL_RULES,
    };
    const reply = (question: string, rules = ALL_RULES) =>
      priceReply(askedQuestion(question), extractKeyFacts(valeting), { ...source, rules }, 'valeting.txt');
    const partial = reply('how much is a basic valet for my hatchback?');
    expect(partial?.partial).toBe(true);
    expect(partial?.text).toMatch(
      /^Here are the prices:\n- Basic Valet \\\(Regular\\\) \\\(Prices\\\): £32\n/,
    );
    expect(partial?.text).not.toMatch(/Deep Valet/);
    expect(reply('how much is a basic valet?')?.partial).toBeUndefined();
    // Two words the list does not name, and it is no answer from the list; nor with the rule off.
    expect(reply('how much is a basic valet for my vintage hatchback?')).toBeNull();
    expect(reply('how much is a basic valet for my hatchback?', rulesWithout(['price-partial']))).toBeNull();
  });
  it('gives the lowest price of what is named, unsure, to a question for the cheapest', () => {
    const tutoring = [
      '# Small group tutoring',
      'Key Stage 3 group: £35 per session',
      'GCSE group: £40 per session',
      '# One to one tutoring',
      'GCSE one to one: £75 per session',
      'Booking deposit: £10',
    ].join('\n');
    const source = {
      passages: splitIntoPassages({ text: tutoring, pages: null }),
      documentFrequency: () => 0,
      rules: ALL_RULES,
    };
    const reply = (question: string) =>
      priceReply(askedQuestion(question), extractKeyFacts(tutoring), source, 'tutoring.txt');
    const cheapest = reply("what's the cheapest option?");
    expect(cheapest?.partial).toBe(true);
    expect(cheapest?.text).toMatch(/^The lowest price listed is Key Stage 3 group .*£35 per session\./);
    expect(reply('what is the cheapest one to one tutoring?')?.text).toMatch(/GCSE one to one .*£75/);
  });

  it("needs no list word for the document's own subject, and answers a section's fee", async () => {
    const topics = [
      'Motorways',
      'Parking',
      'Night driving',
      'Roundabouts',
      'Weather',
      'Mirrors',
      'Test day',
      'Theory',
    ];
    const text = [
      '# Bromley Driving School',
      ...topics.map((t) => `## ${t}\n\nOur driving instructors teach ${t.toLowerCase()} on every course.`),
      '## Prices',
      'Pre-test Lessons\n\n£38 Per hour\n\n£360 Buy 10 hours tuition and save £20',
      '## Before you start',
      'What you need to apply for a Provisional Licence.\n\n- Be resident in the UK\n- Be able to pay a fee of £34.00',
    ].join('\n\n');
    const askSchool = askOf(text);
    expect((await askSchool('how much is one driving lesson')).reply).toMatch(
      /^Prices — Pre-test Lessons: £38 per hour/,
    );
    expect((await askSchool('is it cheaper if i buy 10 hours at once?')).reply).toMatch(
      /^Here are the prices:\n- Buy 10 hours tuition .*: £360\n/,
    );
    expect((await askSchool('how much is a provisional licence')).reply).toMatch(
      /^Be able to pay a fee .*£34\.00/,
    );
    expect(
      (await askOf(text, ['price-document-subject'])('how much is one driving lesson')).reply,
    ).not.toMatch(/^Pre-test Lessons/);
  });

  it("answers a fee question with a section's deposit, but not a question about the thing's price", async () => {
    const text = [
      '# Last Minute Cancellations and Missed Appointments',
      'After a second missed appointment, booking requires a $40 non-refundable deposit.',
      '# Tasting menu terms',
      'A non-refundable deposit of £50 per guest secures your table.',
    ].join('\n\n');
    const askClinic = askOf(text);
    expect((await askClinic('is there a fee if i keep missing appointments')).reply).toMatch(/\$40/);
    expect((await askClinic('how much is the tasting menu')).reply).not.toMatch(/^non-refundable deposit/);
  });
});
