import { answerEngine, type AnswerBot } from '../../../src/engine/answer/index.js';
import { questionWords, similarity } from '../../../src/engine/answer/faq-lift.js';
import { buildKnowledgeHere } from '../../../src/engine/build/build-knowledge.js';
import { setRulesOff } from '../../../src/engine/rules.js';

/** Passages that repeat 'lessons' and 'test' outrank the FAQ entry that asks the visitor's question. */
const SCHOOL = [
  '# Refresher lessons',
  'Refresher lessons for drivers who passed their test years ago: lessons on motorways, lessons at night, lessons in town, and a mock test.',
  '# Pass Plus',
  'Pass Plus lessons come after your test: six lessons that lower your insurance, and no test at the end.',
  '# Frequently asked questions',
  '## How many driving lessons will I need?',
  'Every pupil is different. As a guideline, the average pupil takes 47 hours of professional tuition.',
  '## Do I need to pass my theory test before I book the practical test?',
  'Yes, the theory test comes first.',
].join('\n\n');

const bot: AnswerBot = {
  id: 'bot_faq',
  name: 'School Helper',
  tone: 'friendly',
  creativity: 'restricted',
  version: '1',
  documentName: 'school.txt',
  contactEmail: 'owner@school.example',
};

function askOf(text: string) {
  const index = buildKnowledgeHere({ text, pages: null }).index;
  const engine = answerEngine({ readIndex: async () => index, supportEmail: 'help@vuxo.example', llm: null });
  return (message: string) => engine.answer({ bot, message, history: [] });
}

describe('the FAQ entry that asks the visitor question', () => {
  afterEach(() => setRulesOff([]));

  it('weighs small words less: the same content words make two questions alike, shared small ones do not', () => {
    const asked = questionWords('roughly how many lessons will i need before my test');
    expect(similarity(asked, questionWords('How many driving lessons will I need?'))).toBeGreaterThan(0.5);
    expect(
      similarity(asked, questionWords('Do I need to pass my theory test before I book the practical test?')),
    ).toBeLessThan(0.5);
    expect(similarity(questionWords('How do I cancel?'), questionWords('How do I book?'))).toBeLessThan(0.5);
  });

  it('joins the passages the answer is chosen from, however low the search ranked it', async () => {
    const answer = await askOf(SCHOOL)('roughly how many lessons will i need before my test');
    // The closest reply found: how sure the engine then is of it is the assurance's (decision 089).
    expect(answer.assessment?.closest).toMatch(/47 hours/);
  });

  it('is not looked for with the rule off', async () => {
    setRulesOff(['faq-heading-lift']);
    const answer = await askOf(SCHOOL)('roughly how many lessons will i need before my test');
    expect(answer.assessment?.closest ?? answer.reply).not.toMatch(/47 hours/);
  });
});
