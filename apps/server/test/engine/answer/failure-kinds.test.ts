import { answerEngine, type AnswerBot } from '../../../src/engine/answer/index.js';
import { ASSURANCE_MODEL } from '../../../src/engine/answer/assurance-model.js';
import type { AssuranceModel } from '../../../src/engine/answer/assurance.js';
import { splitIntoPassages } from '../../../src/engine/passages/index.js';
import { buildIndex } from '../../../src/engine/retrieval/index.js';

/**
 * The kinds of failure seen on documents the engine was not tuned on, each on a small document of
 * our own: the engine must answer with the fact, or decline, as a person reading the document would.
 */
const CONTACT = 'owner@lantern.example';

function botFor(text: string, assurance?: AssuranceModel) {
  const index = buildIndex(splitIntoPassages({ text, pages: null }));
  const engine = answerEngine({
    readIndex: async () => index,
    supportEmail: 'help@vuxo.example',
    llm: null,
    ...(assurance ? { assurance } : {}),
  });
  const bot: AnswerBot = {
    id: `bot_${text.length}`,
    name: 'Lantern Helper',
    tone: 'friendly',
    creativity: 'restricted',
    version: '1',
    documentName: 'lantern.txt',
    contactEmail: CONTACT,
  };
  return (message: string) => engine.answer({ bot, message, history: [] });
}

const FAQ = [
  'Lantern Tracker FAQ',
  '',
  '1. General',
  '',
  '1.1. Can I attach the tracker to a process that is already running?',
  'No. The tracker has to start the program itself, so it must be there from the very beginning.',
  '',
  '1.2. Where does the name Lantern come from?',
  'From the lighthouse keepers of Orkney, who carried lanterns on their rounds.',
  '',
  '2. Installing',
  '',
  '2.1. When building Lantern, the linker stops with an error about a missing',
  'static C library. What is wrong?',
  'You need to install the static C library package, usually called libc-static.',
].join('\n');

describe('the answer engine on documents it was not tuned on', () => {
  it('answers an FAQ question with the answer below it, not the question itself', async () => {
    const ask = botFor(FAQ);
    const attach = await ask("Can I attach Lantern to a program that's already running?");
    expect(attach.kind).toBe('answer');
    const body = attach.reply.split('\n\n')[0]!;
    expect(body).toContain('very beginning');
    expect(body).not.toContain('Can I attach');
    const name = await ask('Where does the name Lantern come from?');
    expect(name.reply).toContain('lighthouse keepers');
    expect(name.reply).toContain('_Source: General › Where does the name Lantern come from?_');
  });

  it('reads an FAQ question wrapped over two lines as one heading', async () => {
    const ask = botFor(FAQ);
    const linker = await ask('The linker complains about a static C library. What should I install?');
    expect(linker.reply).toContain('libc-static');
  });

  it('answers from a table row, naming the cell by its column', async () => {
    const ask = botFor(
      [
        '# Plans',
        '',
        'Plan | Monthly price | Storage',
        'Starter | $9 | 10 GB',
        'Team | $29 | 100 GB',
        'Studio | $79 | 1 TB',
      ].join('\n'),
    );
    const team = await ask('How much storage does the Team plan include?');
    expect(team.reply).toContain('Storage: 100 GB');
    const price = await ask('What is the monthly price of Studio?');
    expect(price.reply).toContain('$79');
  });

  it('answers a paraphrase whose words differ in form from the document', async () => {
    const ask = botFor(
      '# Options\n\nBy default the original files are deleted after compression. Use -k to keep the input files.',
    );
    const keep = await ask('How do I stop it from deleting my original file?');
    expect(keep.kind).toBe('answer');
    expect(keep.reply).toContain('-k');
  });

  it('answers who, when and how-many questions with a name, a date and a number', async () => {
    const ask = botFor(
      [
        '# About Lantern',
        '',
        'Lantern is a small tracing tool for embedded boards. It was written by Ines Duarte, who still maintains it.',
        'The first public release, Lantern 0.1, came out in March 2016.',
        '',
        '# Maintainers',
        '',
        'The project keeps a maximum of 5 maintainers at any time. Maintainers serve a term of one calendar year.',
      ].join('\n'),
    );
    expect((await ask('Who wrote Lantern?')).reply).toContain('Ines Duarte');
    expect((await ask('When did the first release come out?')).reply).toContain('March 2016');
    expect((await ask('How many maintainers can there be?')).reply).toContain('maximum of 5');
    expect((await ask('How long does a maintainer serve?')).reply).toContain('one calendar year');
  });

  it('declines a question whose subject the document never mentions, even with a cost word', async () => {
    const ask = botFor(
      [
        '# Lookups',
        '',
        'Lookups in the type table are expensive, so results are cached for the whole session.',
        'The cache is cleared when the session ends.',
      ].join('\n'),
    );
    for (const question of [
      'How much does a massage cost?',
      'Does Lantern run on Windows?',
      'When will version 2.4 be released?',
    ]) {
      const reply = await ask(question);
      expect(reply.kind, question).toBe('declined');
      expect(reply.reply).toContain(CONTACT);
    }
  });

  it('declines a question asking for a number when the passage about it gives none', async () => {
    const ask = botFor(
      '# Leave\n\nParental leave is described in the separate parental leave policy. Talk to your manager first.',
    );
    const weeks = await ask('How many weeks of parental leave do new parents get?');
    expect(weeks.kind).toBe('declined');
  });

  it('sends declines to the bot’s contact, never to an address that happens to be in the document', async () => {
    const ask = botFor(
      '# Credits\n\nThe Portuguese translation was made by Rui Alves (rui.alves@translators.example).',
    );
    const reply = await ask('Do you offer gift wrapping?');
    expect(reply.kind).toBe('declined');
    expect(reply.reply).toContain(CONTACT);
    expect(reply.reply).not.toContain('translators.example');
  });

  it('writes the answer first, with no cheerful opener, and a source without markdown escapes', async () => {
    const text = '# BZ_CONFIG_ERROR checks\n\nThe library returns BZ_CONFIG_ERROR when it was mis-compiled.';
    const ask = botFor(text);
    const reply = await ask('Why would the library return BZ_CONFIG_ERROR?');
    expect(reply.unsure).toBeUndefined();
    expect(reply.reply.startsWith('The library returns BZ_CONFIG_ERROR')).toBe(true);
    expect(reply.reply).toContain('_Source: BZ_CONFIG_ERROR checks_');
    // Asked for a time, the sentence holds none: never sure. Given at all (an engine that declines nothing, so the
    // reply's form does not move with the fitted thresholds), the closest passage comes after a line that says so.
    const timeAsked = 'What time does the library return BZ_CONFIG_ERROR?';
    const shipped = await ask(timeAsked);
    expect(shipped.kind === 'answer' && !shipped.unsure).toBe(false);
    const answering = botFor(text, {
      ...ASSURANCE_MODEL,
      thresholds: { sure: ASSURANCE_MODEL.thresholds.sure, unsure: 0 },
    });
    const unsure = await answering(timeAsked);
    expect(unsure.unsure?.rule).toBe('missing-type');
    const [lead, body] = unsure.reply.split('\n\n');
    expect(lead).toMatch(/closest/);
    expect(body!.startsWith('The library returns BZ_CONFIG_ERROR')).toBe(true);
  });
});
