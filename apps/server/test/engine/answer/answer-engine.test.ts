import { TONES as TONE_NAMES, type Tone } from '@vuxo/shared';
import {
  answerEngine,
  knowledgeCache,
  sourceLabel,
  TONES,
  type AnswerBot,
} from '../../../src/engine/answer/index.js';
import { splitIntoPassages } from '../../../src/engine/passages/index.js';
import { buildIndex } from '../../../src/engine/retrieval/index.js';
import { handbookBot, handbookIndex, holdsFacts, QUESTIONS } from './chat-fixtures.js';

const SUPPORT = 'info@vuxo.example';
/** The handbook's own address: declines must not send visitors there, but to the bot's contact. */
const CLINIC_EMAIL = 'care@harbourview-physio.example';
const OWNER_EMAIL = 'owner@harbourview.example';

const bot = (overrides: Partial<AnswerBot> = {}): AnswerBot =>
  handbookBot({ contactEmail: OWNER_EMAIL, ...overrides });

const index = handbookIndex();
const engine = answerEngine({ readIndex: async () => index, supportEmail: SUPPORT, llm: null });
const ask = (
  message: string,
  overrides: Partial<AnswerBot> = {},
  history: { role: 'user' | 'assistant'; content: string }[] = [],
) => engine.answer({ bot: bot(overrides), message, history });

const declinePhrases = Object.values(TONES).flatMap((t) => t.decline.map((d) => d(OWNER_EMAIL)));

describe('the built-in answer engine on the Harbourview set', () => {
  it.each(TONE_NAMES)(
    'answers ≥ 90 %% of answerable questions with their facts and a source (%s)',
    async (tone) => {
      const failures: string[] = [];
      for (const { q, any } of QUESTIONS.answerable) {
        const answer = await ask(q, { tone });
        if (answer.kind !== 'answer' || !holdsFacts(answer.reply, any))
          failures.push(`${q} → ${answer.reply}`);
        else expect(answer.reply).toMatch(/_Sources?: .+_$/);
      }
      expect(failures.length / QUESTIONS.answerable.length, failures.join('\n')).toBeLessThanOrEqual(0.1);
    },
  );

  it('declines every unanswerable question politely with the bot’s contact, not an address in the document', async () => {
    for (const q of QUESTIONS.unanswerable) {
      const answer = await ask(q);
      expect(answer.kind, q).toBe('declined');
      expect(declinePhrases).toContain(answer.reply);
      expect(answer.reply).not.toContain(CLINIC_EMAIL);
      expect(answer.sources).toEqual([]);
    }
  });

  it('keeps numbers, times and prices verbatim, in 1–3 sentences', async () => {
    const answer = await ask('What is the price of a 45 minute follow-up?');
    expect(answer.reply).toContain(
      'A 30-minute follow-up treatment costs $85 and a 45-minute follow-up costs $105.',
    );
    expect(answer.reply).toContain('_Source: Fees_');
    const body = answer.reply.split('\n\n')[0]!;
    expect(body.split(/(?<=[.!?])\s+/).length).toBeLessThanOrEqual(4);
  });

  it('shapes the wording by tone without changing the facts', async () => {
    const replies = await Promise.all(
      (['friendly', 'professional', 'casual', 'formal'] as Tone[]).map((tone) =>
        ask('How much does an initial assessment cost?', { tone }),
      ),
    );
    for (const answer of replies) expect(answer.reply).toContain('An initial assessment costs $120.');
    expect(new Set(replies.map((a) => a.reply)).size).toBeGreaterThan(1);
    const formal = await ask('Is there a fee if I miss my appointment?', { tone: 'formal' });
    expect(formal.unsure).toBeUndefined();
    expect(TONES.formal.closers.some((c) => formal.reply.includes(c))).toBe(true);
  });

  it('answers greetings, thanks, goodbyes and "who are you" with the bot’s name', async () => {
    expect((await ask('Hello!')).reply).toContain('Harbour Helper');
    expect((await ask('Hello!')).kind).toBe('small-talk');
    expect((await ask('thanks!')).reply).toMatch(/welcome|happy to help/i);
    expect((await ask('bye')).kind).toBe('small-talk');
    const who = await ask('Who are you?', { tone: 'professional' });
    expect(who.reply).toContain("I'm Harbour Helper");
    expect(who.reply).toMatch(/opening hours/);
  });

  it('answers the question after a greeting', async () => {
    const answer = await ask('Hi! Are you open on Sundays?');
    expect(answer.reply.startsWith('Hi there! ')).toBe(true);
    expect(answer.reply).toContain('closed on Sundays');
  });

  it('resolves a short follow-up with the previous question', async () => {
    const first = await ask('What time do you open on Friday?');
    const history = [
      { role: 'user' as const, content: 'What time do you open on Friday?' },
      { role: 'assistant' as const, content: first.reply },
    ];
    const saturday = await ask('and on Saturday?', {}, history);
    expect(saturday.kind).toBe('answer');
    expect(saturday.reply).toContain('Saturday from 9:00 AM to 2:00 PM');

    const priceHistory = [{ role: 'user' as const, content: 'How much does an initial assessment cost?' }];
    expect((await ask('what about massage?', {}, priceHistory)).reply).toContain('$115');
    // A follow-up about something the document lacks is still declined.
    const wifi = await ask('what about the wifi?', {}, [{ role: 'user', content: 'Where is the clinic?' }]);
    expect(wifi.kind).toBe('declined');
  });

  it('behaves as restricted when balanced has no model', async () => {
    const answer = await ask('What is the capital of Australia?', { creativity: 'balanced' });
    expect(answer.kind).toBe('declined');
    expect(answer.reply).toContain(OWNER_EMAIL);
  });

  it('answers from lists as a short markdown list, with the list’s own lead-in', async () => {
    const cafe = buildIndex(
      splitIntoPassages({
        text: [
          '# Payment options',
          'We accept:',
          '- Visa and Mastercard',
          '- Debit cards',
          '- Cash',
          '',
          '# Hours',
          'Monday: 9am - 5pm',
          'Saturday: 10am - 2pm',
          'Sunday: closed',
        ].join('\n'),
        pages: null,
      }),
    );
    const other = answerEngine({ readIndex: async () => cafe, supportEmail: SUPPORT, llm: null });
    const ask = (message: string) =>
      other.answer({ bot: bot({ id: 'cafe', tone: 'professional' }), message, history: [] });
    const methods = await ask('What payment methods do you accept?');
    expect(methods.reply).toContain('We accept:\n\n- Visa and Mastercard\n- Debit cards\n- Cash');
    // Asked as a whole, a short section comes whole.
    const hours = await ask('What are your hours?');
    expect(hours.reply).toContain('- Monday: 9am - 5pm\n- Saturday: 10am - 2pm\n- Sunday: closed');
    expect(hours.reply).toContain('_Source: Hours_');
  });

  it('keeps a plain-text document’s lists as lists and labels each answer by its own heading', async () => {
    // Typed as an office manager types it: sentence-case headings over their text, items without bullets.
    const practice = buildIndex(
      splitIntoPassages({
        text: [
          'Riverside Dental Care',
          '',
          'Insurance',
          'We work with these insurance carriers:',
          'Delta Dental',
          'Cigna',
          'MetLife',
          '',
          'Payment options',
          'Cash',
          'We give a 5% discount when you pay in cash on the day.',
          'Finance',
          'Spread the cost of larger treatments over 12 months.',
          '',
          'New patients',
          'Please arrive ten minutes early. Your first check-up takes about 40 minutes.',
          '',
          'Our team',
          'Dr. Helen Ward is our principal dentist and has practised for 20 years.',
        ].join('\n'),
        pages: null,
      }),
    );
    const dental = answerEngine({ readIndex: async () => practice, supportEmail: SUPPORT, llm: null });
    const ask = (message: string) =>
      dental.answer({ bot: bot({ id: 'dental', tone: 'professional' }), message, history: [] });

    const carriers = await ask('What insurance do you take?');
    expect(carriers.reply).toContain(
      'We work with these insurance carriers:\n\n- Delta Dental\n- Cigna\n- MetLife',
    );
    expect(carriers.reply).toContain('_Source: Insurance_');
    const cash = await ask('Is there a discount for paying cash?');
    expect(cash.reply).toContain('5% discount');
    expect(cash.reply).toContain('_Source: Payment options › Cash_');
    const checkUp = await ask('How long does the first check-up take?');
    expect(checkUp.reply).toContain('40 minutes');
    expect(checkUp.reply).not.toContain('Our team');
    expect(checkUp.reply).toContain('_Source: New patients_');
    const dentist = await ask('Who is the principal dentist?');
    expect(dentist.reply).toContain('_Source: Our team_');
  });

  it('reads questions asked in other words: an age, an author, a limit, an owner, a unit, a link', async () => {
    const app = buildIndex(
      splitIntoPassages({
        text: [
          '# About Quillpad',
          'Quillpad is a note-taking app for small teams. Copyright © 2019-2024 Maren Holt. All rights reserved.',
          '',
          '# Accounts',
          'You must be at least 16 years of age to open an account. Each account belongs to one person.',
          '',
          '# Notebooks',
          'A notebook holds a maximum of 500 pages. Notebooks can be shared with your team.',
          'Notes you write remain your property, even on a shared notebook.',
          '',
          '# Requirements',
          'Quillpad runs on any computer with 1 GB of memory and a modern browser.',
          '',
          '# Privacy',
          'Write to our Privacy Officer at privacy@quillpad.example. EU users may complain to the Irish Data Protection Commission.',
          '',
          '# Moderation',
          'Team admins may remove a member at any time.',
          '',
          '# Invoices',
          'Invoices are payable within thirty (30) days of the invoice date. We accept bank transfers.',
          '',
          '# Liability',
          '4.2. Limitation of liability. Our liability is limited as set out in the terms of service.',
          'You may obtain a copy of the terms of service at',
          '',
          '    https://quillpad.example/terms',
        ].join('\n'),
        pages: null,
      }),
    );
    const other = answerEngine({ readIndex: async () => app, supportEmail: SUPPORT, llm: null });
    const ask = (message: string) =>
      other.answer({ bot: bot({ id: 'quillpad', tone: 'professional' }), message, history: [] });
    // What the reading finds: the closest reply, whether the assurance then gives it sure, unsure or not at all.
    const found = async (message: string) => {
      const answer = await ask(message);
      return answer.assessment?.closest ?? answer.reply;
    };
    expect(await found('How old do I have to be to open an account?')).toContain('16 years of age');
    expect(await found('Can my 12-year-old open an account?')).toContain('16 years of age');
    expect(await found('Who wrote Quillpad?')).toContain('Maren Holt');
    expect(await found('What is the most I can put in a notebook?')).toContain('500 pages');
    expect(await found('How long do I have to pay an invoice?')).toContain('thirty (30) days');
    expect(await found('Who owns my notes?')).toContain('your property');
    // 'online' asks for a link; the address set apart below its sentence belongs to it.
    expect(await found('Where can I read the terms of service online?')).toContain(
      'https://quillpad.example/terms',
    );
    expect(await found('My computer has 512 MB of RAM. Will Quillpad run on it?')).toContain(
      '1 GB of memory',
    );
    expect(await found('Can an admin kick someone out of the team?')).toContain('remove a member');
    // The name of another body ('Commission') is not the name asked for.
    expect((await ask('What is the name of your Privacy Officer?')).kind).toBe('declined');
    // A section's number is no quantity: the most one may spend is not '4.2.'.
    expect((await ask('What is the most I can spend per month?')).kind).toBe('declined');
  });

  it('points to the support address when the bot has no contact of its own', async () => {
    const plain = buildIndex(
      splitIntoPassages({ text: '# Hours\nWe are open daily from 9am to 5pm.', pages: null }),
    );
    const other = answerEngine({ readIndex: async () => plain, supportEmail: SUPPORT, llm: null });
    const answer = await other.answer({
      bot: bot({ id: 'other', contactEmail: null }),
      message: 'Do you sell bicycles?',
      history: [],
    });
    expect(answer.kind).toBe('declined');
    expect(answer.reply).toContain(SUPPORT);
  });

  it('loads a freshly built bot before its first question, once', async () => {
    let reads = 0;
    const warmed = answerEngine({
      readIndex: async () => {
        reads++;
        return index;
      },
      supportEmail: SUPPORT,
      llm: null,
    });
    await warmed.warm('fresh', '2026-11-23T10:00:00.000Z');
    expect(reads).toBe(1);
    const answer = await warmed.answer({
      bot: bot({ id: 'fresh', version: '2026-11-23T10:00:00.000Z' }),
      message: 'What are your opening hours?',
      history: [],
    });
    expect(answer.kind).toBe('answer');
    expect(reads).toBe(1);
  });

  it('says the bot is not ready when it has no index yet', async () => {
    const empty = answerEngine({ readIndex: async () => null, supportEmail: SUPPORT, llm: null });
    const answer = await empty.answer({
      bot: bot({ id: 'building' }),
      message: 'Are you open?',
      history: [],
    });
    expect(answer.kind).toBe('not-ready');
    expect(answer.reply).toContain('Harbour Helper');
  });

  it('never echoes live markup from a document or a bot name', async () => {
    const text = [
      '# Offers <img src=x onerror="alert(1)">',
      'Our <b>discount</b> code is SAVE10 <script>alert("discount")</script>.',
      'See the [discount page](javascript:alert(1)) or ![discount](https://evil.example/p.png).',
    ].join('\n');
    const hostile = buildIndex(splitIntoPassages({ text, pages: null }));
    const other = answerEngine({ readIndex: async () => hostile, supportEmail: SUPPORT, llm: null });
    const name = '<img src=x onerror=alert(1)>';
    for (const message of [
      'What is the discount code?',
      'Is there a discount page?',
      'hello',
      'who are you?',
    ]) {
      const { reply } = await other.answer({ bot: bot({ id: 'hostile', name }), message, history: [] });
      expect(reply, message).not.toMatch(/<[a-z/]/i);
      expect(reply.toLowerCase()).not.toContain('javascript:');
      expect(reply).not.toMatch(/!\[/);
    }
  });
});

describe('sources', () => {
  it('names the heading, the page, both, or the document', () => {
    const passage = { ordinal: 0, heading: 'Fees', page: 3, text: '', tokenCount: 1 };
    expect(sourceLabel(passage, 'doc.pdf')).toBe('Fees (page 3)');
    expect(sourceLabel({ ...passage, page: null }, 'doc.pdf')).toBe('Fees');
    expect(sourceLabel({ ...passage, heading: null }, 'doc.pdf')).toBe('page 3');
    expect(sourceLabel({ ...passage, heading: null, page: null }, 'doc.pdf')).toBe('doc.pdf');
  });
});

describe('the index cache', () => {
  it('loads once per bot version, shares concurrent loads and evicts the least recently used', async () => {
    const cache = knowledgeCache({ maxEntries: 2 });
    let reads = 0;
    const read = async () => {
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return index;
    };
    const [a, b] = await Promise.all([cache.get('a', 'v1', read), cache.get('a', 'v1', read)]);
    expect(a).toBe(b);
    expect(reads).toBe(1);
    await cache.get('a', 'v1', read);
    expect(reads).toBe(1);
    await cache.get('a', 'v2', read);
    expect(reads).toBe(2);
    await cache.get('b', 'v1', read);
    await cache.get('a', 'v2', read);
    await cache.get('c', 'v1', read);
    expect(cache.size).toBe(2);
    await cache.get('a', 'v2', read);
    expect(reads).toBe(4);
    await cache.get('b', 'v1', read);
    expect(reads).toBe(5);
  });

  it('does not keep a failed load', async () => {
    const cache = knowledgeCache();
    await expect(cache.get('x', 'v1', async () => '{"version":0}')).rejects.toThrow();
    expect(cache.size).toBe(0);
    expect(await cache.get('x', 'v1', async () => null)).toBeNull();
  });
});
