import { buildKnowledgeHere } from '../../../src/engine/build/build-knowledge.js';
import { answerEngine } from '../../../src/engine/answer/index.js';
import { PASSAGE_WORDS } from '../../../src/engine/passages/split-passages.js';

/**
 * Documents shaped to make text analysis slow: one word without spaces, runs of marks that sentence, contents-line
 * and price patterns try at every position, more pieces than a call takes arguments. Each is 1 MB: work that grows
 * with the square of the length takes hours on it, work that grows with the length a second or two.
 */
const MB = 1_000_000;
const repeat = (unit: string, size = MB) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
const SHAPES: Record<string, string> = {
  'one word without spaces': repeat('abcdefghij'),
  'a hyphenated run': repeat('ab-'),
  'a run of periods': repeat('.'),
  'words joined by apostrophes': repeat("a'"),
  'abbreviations without end': repeat('Dr. '),
  'digits and separators': repeat('1,2.'),
  'a heading on every line': repeat('Price:\n'),
  'a numbered list of nothing': repeat('1. '),
  'amounts without end': repeat('$1,'),
};
/** The most characters a passage holds (PASSAGE_WORDS.max word-sized runs of 16 characters). */
const PASSAGE_CHARS_MAX = PASSAGE_WORDS.max * 16;

describe('a build of a hostile document', () => {
  it.each(Object.entries(SHAPES))(
    'reads %s in time linear in its length, into passages of bounded size',
    async (_name, text) => {
      const built = buildKnowledgeHere({ text, pages: null });
      expect(built.passages.length).toBeGreaterThan(0);
      for (const passage of built.passages)
        expect(passage.text.length).toBeLessThanOrEqual(PASSAGE_CHARS_MAX);
      const engine = answerEngine({
        readIndex: () => Promise.resolve(built.index),
        supportEmail: 'a@b.example',
        llm: null,
      });
      const bot = {
        id: 'bot',
        name: 'Bot',
        tone: 'friendly',
        creativity: 'balanced',
        version: '1',
        documentName: 'doc.txt',
      } as const;
      const answer = await engine.answer({ bot, message: `What about ${text.slice(0, 900)}?`, history: [] });
      expect(answer.reply.length).toBeGreaterThan(0);
    },
    30_000,
  );
});
