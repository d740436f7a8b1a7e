import { answerEngine, type AnswerBot } from '../../../src/engine/answer/index.js';
import { ASSURANCE_MODEL } from '../../../src/engine/answer/assurance-model.js';
import { buildKnowledgeHere } from '../../../src/engine/build/build-knowledge.js';

const CAFE = [
  '# Menu',
  'We serve breakfast until 11am: eggs, pancakes and porridge. Coffee is roasted in Leeds.',
  '# Prices',
  'Breakfast plates are priced on the board by the counter.',
  '# Groups',
  'Tables seat up to six guests; larger groups should book ahead.',
].join('\n\n');

const bot: AnswerBot = {
  id: 'bot_declines',
  name: 'Cafe Helper',
  tone: 'friendly',
  creativity: 'restricted',
  version: '1',
  documentName: 'cafe.txt',
  contactEmail: 'owner@cafe.example',
};
const index = buildKnowledgeHere({ text: CAFE, pages: null }).index;
const engine = answerEngine({ readIndex: async () => index, supportEmail: 'help@vuxo.example', llm: null });
const ask = (message: string) => engine.answer({ bot, message, history: [] });
/**
 * An engine that declines whatever the assurance is not sure of: which reason a decline gives does not move with
 * the fitted thresholds (the shipped ones give some of these questions as unsure instead).
 */
const declining = answerEngine({
  readIndex: async () => index,
  supportEmail: 'help@vuxo.example',
  llm: null,
  assurance: { ...ASSURANCE_MODEL, thresholds: { sure: ASSURANCE_MODEL.thresholds.sure, unsure: 0.99 } },
});

describe('why a question was declined', () => {
  it('names the specific word the document never uses', async () => {
    const answer = await ask('can I pay for breakfast with amex?');
    expect(answer.kind).toBe('declined');
    expect(answer.declineReason).toEqual({ rule: 'absent-word', words: ['amex'] });
  });

  it('says when no passage shares a word with the question', async () => {
    const answer = await ask('zzzz qqqq?');
    expect(answer.kind).toBe('declined');
    expect(answer.declineReason?.rule).toBe('no-match');
  });

  it('says when the passages found do not give the kind of fact asked for, and is never sure of them', async () => {
    const message = 'how much is a breakfast plate?';
    const declined = await declining.answer({ bot, message, history: [] });
    expect(declined.kind).toBe('declined');
    expect(declined.declineReason).toMatchObject({ rule: 'answer-type', answerType: 'money' });
    const shipped = await ask(message);
    expect(shipped.kind === 'declined' || shipped.unsure !== undefined).toBe(true);
  });

  it('gives no reason with an answer, and none reaches the reply', async () => {
    const answer = await ask('how many guests can sit at a table?');
    expect(answer.kind).toBe('answer');
    expect(answer.declineReason).toBeUndefined();
  });
});
