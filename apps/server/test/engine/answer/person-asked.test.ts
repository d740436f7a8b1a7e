import { TONES as TONE_NAMES } from '@vuxo/shared';
import { wantsPerson } from '@vuxo/shared/visitor-requests';
import { answerEngine, type AnswerBot } from '../../../src/engine/answer/index.js';
import { handbookBot, handbookIndex } from './chat-fixtures.js';

const SUPPORT = 'info@vuxo.example';
const OWNER_EMAIL = 'frontdesk@harbourview.example';

const bot = (overrides: Partial<AnswerBot> = {}): AnswerBot =>
  handbookBot({ id: 'bot_person', contactEmail: OWNER_EMAIL, ...overrides });

const ASKS_FOR_A_PERSON = [
  'Can I talk to someone at the front desk?',
  'can i speak to a real person',
  'I want to talk to a human',
  'speak with your manager please',
  'Could you put me through to reception?',
  'human',
  'is there a live agent?',
  'please call me back on 07700 900123',
];
const NOT_A_PERSON = [
  'Do you have a human resources department?',
  'How much is it per person?',
  'Is the tasting menu £40 a person?',
  'Who do I contact about my storage shelf?',
  'Do your staff speak Spanish?',
];

describe('a visitor asking for a person (issue 45, point 6)', () => {
  const engine = answerEngine({ readIndex: async () => handbookIndex(), supportEmail: SUPPORT, llm: null });

  it('reads the ways visitors ask for a person, and not a question that only uses the words', () => {
    for (const message of ASKS_FOR_A_PERSON) expect(wantsPerson(message), message).toBe(true);
    for (const message of NOT_A_PERSON) expect(wantsPerson(message), message).toBe(false);
  });

  it.each(TONE_NAMES)(
    'answers with the request form below and the bot’s contact, never a decline (%s)',
    async (tone) => {
      for (const message of ASKS_FOR_A_PERSON) {
        const answer = await engine.answer({ bot: bot({ tone }), message, history: [] });
        expect(answer.kind, message).toBe('small-talk');
        expect(answer.reply, message).toMatch(/button below/);
        expect(answer.reply, message).toContain(OWNER_EMAIL);
        expect(answer.reply, message).not.toMatch(/couldn.t find|don.t have information|not something/i);
      }
    },
  );

  it('says only the ways there are: no form when requests are off, no address when the owner chose none', async () => {
    const message = ASKS_FOR_A_PERSON[0]!;
    const noForm = await engine.answer({ bot: bot({ requestsOff: true }), message, history: [] });
    expect(noForm.reply).not.toMatch(/button/);
    expect(noForm.reply).toContain(OWNER_EMAIL);
    const noAddress = await engine.answer({
      bot: bot({ contactEmail: null, noContact: true }),
      message,
      history: [],
    });
    expect(noAddress.reply).toMatch(/button below/);
    expect(noAddress.reply).not.toMatch(/@/);
    const neither = await engine.answer({
      bot: bot({ contactEmail: null, noContact: true, requestsOff: true }),
      message,
      history: [],
    });
    expect(neither.reply).not.toMatch(/@|button/);
  });
});
