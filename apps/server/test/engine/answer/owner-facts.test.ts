import { answerEngine, type AnswerBot } from '../../../src/engine/answer/index.js';
import { extractKeyFacts } from '../../../src/engine/facts/index.js';
import type { LlmClient, LlmRequest } from '../../../src/engine/llm/index.js';
import { splitIntoPassages } from '../../../src/engine/passages/index.js';
import { buildIndex } from '../../../src/engine/retrieval/index.js';

/** The owner's edits of the key facts (decision 039), as the chat gives them to the engine on the bot. */
const SALON = `# Olive Hair Studio
Cuts and colour in the centre of Bingham.

# Contact
Call us on 01949 728288 or email info@olive-hair.example.`;
const index = buildIndex(splitIntoPassages({ text: SALON, pages: null }), extractKeyFacts(SALON));

const bot = (overrides: Partial<AnswerBot> = {}): AnswerBot => ({
  id: 'bot_salon',
  name: 'Olive Helper',
  tone: 'friendly',
  creativity: 'restricted',
  version: '1',
  documentName: 'olive.txt',
  contactEmail: 'olive@example.com',
  ...overrides,
});
const edited = (version: string, number: string) => ({
  factEdits: { version, edits: { phones: [{ number }] } },
});

describe("the engine with the owner's key facts", () => {
  it("answers with the owner's number, named as the business's own answer, and follows each new version", async () => {
    const engine = answerEngine({
      readIndex: async () => index,
      supportEmail: 'help@vuxo.example',
      llm: null,
    });
    const ask = (overrides: Partial<AnswerBot> = {}) =>
      engine.answer({ bot: bot(overrides), message: "what's your phone number?", history: [] });
    expect((await ask()).reply).toContain('01949 728288');
    const first = await ask(edited('cv1', '01949 000111'));
    expect(first.reply).toContain('01949 000111');
    expect(first.reply).not.toContain('728288');
    expect(first.reply).toContain("_Source: the business's own answer_");
    // The same question is kept per version of the edits: a new version answers anew.
    expect((await ask(edited('cv2', '0800 123 4567'))).reply).toContain('0800 123 4567');
    // The email the owner did not touch still comes from the document.
    const email = await engine.answer({
      bot: bot(edited('cv2', '0800 123 4567')),
      message: 'your email?',
      history: [],
    });
    expect(email.reply).toContain('info@olive-hair.example');
  });

  it('gives the model the effective facts, not the owner’s facts as a part of the document', async () => {
    const requests: LlmRequest[] = [];
    const llm: LlmClient = {
      describe: 'fake',
      async *stream(request) {
        requests.push(request);
        yield { type: 'text', text: 'You can call us on 01949 000111.' };
      },
    };
    const engine = answerEngine({ readIndex: async () => index, supportEmail: 'help@vuxo.example', llm });
    const answer = await engine.answer({
      bot: bot(edited('cv1', '01949 000111')),
      message: "what's your phone number?",
      history: [],
    });
    expect(answer.engine).toBe('llm');
    const system = requests[0]!.messages[0]!.content;
    const facts = system.slice(system.indexOf('<facts>'), system.indexOf('</facts>'));
    expect(facts).toContain('Phone: 01949 000111');
    expect(facts).not.toContain('728288');
    expect(facts).toContain('Email: info@olive-hair.example');
    expect(system).not.toContain("## the business's own answer");
  });
});
