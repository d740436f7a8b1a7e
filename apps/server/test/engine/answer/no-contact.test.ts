import { NO_CONTACT_DECLINES, TONES as TONE_NAMES } from '@vuxo/shared';
import { answerEngine, type AnswerBot } from '../../../src/engine/answer/index.js';
import type { LlmClient, LlmRequest } from '../../../src/engine/llm/index.js';
import { handbookIndex, QUESTIONS } from './chat-fixtures.js';

const SUPPORT = 'info@vuxo.example';
const OWNER_EMAIL = 'owner@harbourview.example';

/** A bot whose owner chose no contact (decision 062): its declines give no address at all. */
const bot = (overrides: Partial<AnswerBot> = {}): AnswerBot => ({
  id: 'bot_quiet',
  name: 'Harbour Helper',
  tone: 'friendly',
  creativity: 'restricted',
  version: '1',
  documentName: 'handbook.txt',
  contactEmail: null,
  noContact: true,
  ...overrides,
});

const index = handbookIndex();

describe('a bot with no contact', () => {
  const engine = answerEngine({ readIndex: async () => index, supportEmail: SUPPORT, llm: null });

  it.each(TONE_NAMES)('declines in its tone with a clean sentence and no address (%s)', async (tone) => {
    for (const q of QUESTIONS.unanswerable.slice(0, 3)) {
      const answer = await engine.answer({ bot: bot({ tone }), message: q, history: [] });
      expect(answer.kind, q).toBe('declined');
      expect(answer.reply).toBe(NO_CONTACT_DECLINES[tone]);
      expect(answer.reply).not.toMatch(/@|contact|reach out/i);
    }
  });

  it('still answers what the document says, and a contact given again is used at once', async () => {
    const [first] = QUESTIONS.answerable;
    expect((await engine.answer({ bot: bot(), message: first!.q, history: [] })).kind).toBe('answer');
    const q = QUESTIONS.unanswerable[0]!;
    await engine.answer({ bot: bot(), message: q, history: [] });
    const again = await engine.answer({
      bot: bot({ contactEmail: OWNER_EMAIL, noContact: false }),
      message: q,
      history: [],
    });
    expect(again.reply).toContain(OWNER_EMAIL);
  });

  it('the model is told to decline with the same sentence, and its reply counts as a decline', async () => {
    const requests: LlmRequest[] = [];
    const llm: LlmClient = {
      describe: 'fake',
      async *stream(request) {
        requests.push(request);
        yield { type: 'text', text: NO_CONTACT_DECLINES.formal };
      },
    };
    const withModel = answerEngine({ readIndex: async () => index, supportEmail: SUPPORT, llm });
    const answer = await withModel.answer({
      bot: bot({ tone: 'formal' }),
      message: QUESTIONS.unanswerable[0]!,
      history: [],
    });
    const system = requests[0]!.messages[0]!.content;
    expect(system).toContain(`reply exactly "${NO_CONTACT_DECLINES.formal}" and give no contact`);
    expect(system).not.toContain(SUPPORT);
    expect(system).not.toContain('suggest contacting');
    expect(answer).toMatchObject({ kind: 'declined', engine: 'llm', sources: [] });
  });
});
