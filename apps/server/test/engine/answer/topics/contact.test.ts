import { askedQuestion } from '../../../../src/engine/answer/asked-question.js';
import { loadKnowledge, type AnswerBot } from '../../../../src/engine/answer/index.js';
import { askerOf } from '../ask-engine.js';
import { contactWanted } from '../../../../src/engine/answer/topics/contact.js';
import { buildKnowledgeHere } from '../../../../src/engine/build/build-knowledge.js';
import { splitIntoPassages } from '../../../../src/engine/passages/index.js';
import { buildIndex } from '../../../../src/engine/retrieval/index.js';
import type { EngineRule } from '../../../../src/engine/rules.js';

const SCHOOL = [
  '# Welcome',
  'Oakfield Driving School teaches learners across Bromley.',
  '# Lessons',
  'A one-hour lesson costs £38. Mobile phones must be switched off during lessons and in the exam.',
  '# Shop',
  'We sell highway code books and phone cases for learners.',
  '# Contact',
  'Phone: 01949 728288\nEmergencies: 07886 366 110\nEmail: info@oakfield.example',
].join('\n\n');
/** The same school with no way to reach it printed. */
const NO_CONTACT = SCHOOL.slice(0, SCHOOL.indexOf('# Contact'));
/** Only a phone: a question for the email is not answered with it. */
const PHONE_ONLY = SCHOOL.replace('\nEmail: info@oakfield.example', '');

const bot: AnswerBot = {
  id: 'bot_contact',
  name: 'Oakfield Helper',
  tone: 'friendly',
  creativity: 'restricted',
  version: '1',
  documentName: 'school.txt',
  contactEmail: 'owner@oakfield.example',
};

/** A fresh engine, with these rules off, over the document as a build stores it: key facts in the index. */
const askOf = (index: string, off: EngineRule[] = []) => askerOf(bot, index, off);
const built = (text: string) => buildKnowledgeHere({ text, pages: null }).index;

describe('contact questions answered from the key facts', () => {
  const ask = askOf(built(SCHOOL));

  it.each([
    ["what's your phone number?", /^You can call us on 01949 728288\./],
    ['whats your phone numbr', /^You can call us on 01949 728288\./],
    ['can I call you', /^You can call us on 01949 728288\./],
    ['email address to contact you?', /^You can email info@oakfield\.example\./],
    ['how can I get in touch', /^You can call us on 01949 728288 or email info@oakfield\.example\./],
    ['Hi, how do I contact you?', /^Hi there! You can call us on 01949 728288 or email/],
    ['general enquiries email', /^You can email info@oakfield\.example\./],
    ['email address for booking enquiries?', /^You can email info@oakfield\.example\./],
  ])('answers "%s" with the fact first and its source', async (question, reply) => {
    const answer = await ask(question);
    expect(answer.kind).toBe('answer');
    expect(answer.reply).toMatch(reply);
    expect(answer.reply).toMatch(/\n\n_Source: Contact_$/);
    expect(answer.sources.map((s) => s.passage.heading)).toEqual(['Contact']);
  });

  it('gives the number printed beside what the question names', async () => {
    expect((await ask('what is the phone number for emergencies?')).reply).toMatch(
      /^You can call us on 07886 366 110\./,
    );
  });

  it('gives a mobile to a visitor who wants to text, and the main number to one who wants to call', async () => {
    const removals = `${NO_CONTACT}\n\n# Get in touch\n\nPhone: 01903 893731 · 07789 390421`;
    const ask = askOf(built(removals));
    expect((await ask('have you got a mobile number i can text')).reply).toMatch(
      /^You can text or call us on 07789 390421\./,
    );
    expect((await ask('can i text you?')).reply).toMatch(/^You can text or call us on 07789 390421\./);
    expect((await ask("what's your phone number?")).reply).toMatch(/^You can call us on 01903 893731\./);
  });

  it('gives a number of a directory of other places as theirs, not as the business’s own', async () => {
    const hotels = [
      SCHOOL,
      '# Where to stay',
      'The Abernathy (864) 654-5299 A boutique hotel near downtown.',
      'Hotel Tillman (864) 653-6000 A classic Clemson staple.',
      'Days Inn (864) 653-4411 Budget-friendly lodging very close to us.',
    ].join('\n\n');
    const ask = askOf(built(hotels));
    const reply = (await ask('phone number for hotel tillman')).reply;
    expect(reply).toContain('Hotel Tillman (864) 653-6000');
    expect(reply).not.toMatch(/call us/);
    expect((await ask("what's your phone number?")).reply).not.toMatch(/864/);
  });

  it('gives the number printed as the way to reach the business, from where it is labelled', async () => {
    const school = [
      '# Lessons',
      'Lessons run all year. Please do not hesitate to contact us on 0432 633 453 to book a trial lesson.',
      '# Our teachers',
      'Dr Heva Chan teaches piano and composition at every level, from beginners to postgraduates.',
      '0425 292 386',
      '# Contact',
      'Email Us: students@music.example',
      'Call Us: 0432 633 453',
    ].join('\n\n');
    // Not the number left below a biography, and read where it is labelled, not in a sentence about lessons.
    expect((await askOf(built(school))("what's your phone number")).reply).toMatch(
      /^You can call us on 0432 633 453\.\n\n_Source: Contact_$/,
    );
  });

  it('gives a letterhead’s fax number as a fax, not one to call, and the phone for a call', async () => {
    const letterhead = [
      '# How to order',
      'Please email your artwork and tell us the quantity you require.',
      '# Contact',
      'Oasis Printing,\n\n40 Greyhound Road,\n\nLondon\n\nW6 8NX\n\nT 020 7386 7755\n\nF 020 7610 2500',
    ].join('\n\n');
    const ask = askOf(built(letterhead));
    expect((await ask('do you have a fax number')).reply).toBe(
      'Our fax number is 020 7610 2500.\n\n_Source: Contact_',
    );
    expect((await ask("what's your phone number")).reply).toMatch(/^You can call us on 020 7386 7755\./);
  });

  it('gives the only number or email of its kind, asked for by its kind, whatever the subject', async () => {
    expect((await ask("what's the email for birthday parties?")).reply).toMatch(
      /^You can email info@oakfield\.example\./,
    );
    const onePhone = PHONE_ONLY.replace('\nEmergencies: 07886 366 110', '');
    expect((await askOf(built(onePhone))("I'm locked out, who do I call?")).reply).toMatch(
      /^You can call us on 01949 728288\./,
    );
    expect((await ask('whats the phone number for the school')).reply).toMatch(
      /^You can call us on 01949 728288\./,
    );
  });

  it("does not give the business's number for a subject printed nowhere beside it", async () => {
    for (const question of [
      'How can I reach your Data Protection Officer?',
      'what number do I call about refunds?',
    ]) {
      expect(contactWanted(askedQuestion(question))).not.toBeNull();
      expect((await ask(question)).reply).not.toMatch(/^You can (?:call|email)/);
    }
  });

  it.each([
    'can I use my phone in the exam?',
    'do you sell phone cases?',
    'can I call my mum during a lesson?',
    'phone cases for learners',
    'change email address',
    'my email for the booking',
  ])(
    'does not answer "%s" with the contact facts: it asks about a topic, not for a way to reach',
    async (question) => {
      expect(contactWanted(askedQuestion(question))).toBeNull();
      const answer = await ask(question);
      expect(answer.reply).not.toMatch(/01949|You can call us/);
    },
  );

  it('falls through to the normal answer when the fact asked for is not printed', async () => {
    for (const [text, question] of [
      [NO_CONTACT, "what's your phone number?"],
      [PHONE_ONLY, 'whats your email address?'],
    ] as const) {
      const on = await askOf(built(text))(question);
      const off = await askOf(built(text), ['contact-facts'])(question);
      expect(on).toEqual(off);
      expect(on.reply).not.toMatch(/^You can (?:call|email)/);
    }
  });

  it('is switched off by its rule (bench/eval-engine --rule-worth)', async () => {
    expect((await askOf(built(SCHOOL), ['contact-facts'])('whats your phone numbr')).reply).not.toMatch(
      /^You can call us/,
    );
  });

  it('loads an index built before key facts were kept, and answers it the normal way', async () => {
    const old = buildIndex(splitIntoPassages({ text: SCHOOL, pages: null }));
    expect(loadKnowledge(old).index.keyFacts).toBeNull();
    const answer = await askOf(old)("what's your phone number?");
    expect(answer).toEqual(await askOf(old, ['contact-facts'])("what's your phone number?"));
  });

  it("keeps the key facts of the document and of the bot's website pages with the index", () => {
    const { index } = buildKnowledgeHere({
      text: NO_CONTACT,
      pages: null,
      webPages: [
        { title: 'Contact us', url: 'https://oakfield.example/contact', text: 'Call 01949 728288.' },
      ],
    });
    expect(loadKnowledge(index).index.keyFacts?.phones).toEqual([{ number: '01949 728288' }]);
  });
});
