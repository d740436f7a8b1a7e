import { answerEngine, prepareCorrection, type AnswerBot } from '../../../src/engine/answer/index.js';
import { extractKeyFacts } from '../../../src/engine/facts/index.js';
import { splitIntoPassages } from '../../../src/engine/passages/index.js';
import { buildIndex } from '../../../src/engine/retrieval/index.js';

/** A dental practice whose document says nothing of emergencies (issue 45 point 4). */
const PRACTICE = `# Bright Smile Dental
Family dentistry in the centre of Leeds since 1998.

# Opening hours
We are open Monday to Friday from 8am to 6pm.

# Treatments
Check-ups, hygienist cleaning, fillings, crowns and teeth whitening. A check-up costs 45 pounds.`;
const index = buildIndex(splitIntoPassages({ text: PRACTICE, pages: null }), extractKeyFacts(PRACTICE));

const bot: AnswerBot = {
  id: 'bot_dental',
  name: 'Bright Smile Helper',
  tone: 'friendly',
  creativity: 'restricted',
  version: '1',
  documentName: 'practice.txt',
  contactEmail: 'hello@brightsmile.example',
};
const OWNER_ANSWER = 'Yes. Call us before 10am and we keep same-day slots for patients in pain.';
const corrections = [
  prepareCorrection({
    id: 'cor_pain',
    question: 'I have a toothache, can I get an emergency appointment?',
    answer: OWNER_ANSWER,
  }),
];

describe('an owner’s answer where the document gives no sure one (decision 106)', () => {
  const engine = answerEngine({ readIndex: async () => index, supportEmail: 'help@vuxo.example', llm: null });
  const ask = (message: string, withCorrections = corrections) =>
    engine.answer({ bot, message, history: [], corrections: withCorrections });

  it('answers the same trouble in other words with the owner’s answer, not a decline', async () => {
    const before = await ask('I’m in a lot of pain, can you fit me in today?', []);
    expect(before.kind).not.toBe('correction');
    const after = await ask('I’m in a lot of pain, can you fit me in today?');
    expect(after).toMatchObject({ kind: 'correction', correctionId: 'cor_pain' });
    expect(after.reply).toContain(OWNER_ANSWER);
    expect((await ask('my tooth really hurts, can I come in today')).correctionId).toBe('cor_pain');
  });

  it('leaves the document’s sure answers and other subjects alone', async () => {
    const hours = await ask('What are your opening hours?');
    expect(hours.kind).toBe('answer');
    expect(hours.reply).toContain('8');
    for (const other of ['Do you offer teeth whitening?', 'Is there parking near the practice?']) {
      expect((await ask(other)).kind, other).not.toBe('correction');
    }
  });
});
