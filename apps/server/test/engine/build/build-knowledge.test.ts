import { buildKnowledge } from '../../../src/engine/build/index.js';
import { buildKnowledgeHere } from '../../../src/engine/build/build-knowledge.js';
import { extractInThisThread } from '../../../src/engine/extract/extract-core.js';
import { makeTextPdf } from '../../fixtures/pdf-fixtures.js';
import { HANDBOOK } from '../retrieval/fixtures/harbourview.js';

/** A long plain-text document: wrapped short sentences over a large made-up vocabulary. */
function longDocument(lines: number): string {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const word = () =>
    Array.from({ length: 3 + Math.floor(next() * 7) }, () =>
      String.fromCharCode(97 + Math.floor(next() * 26)),
    ).join('');
  return Array.from(
    { length: lines },
    () => `${word()} ${word()} ${word()}. ${word()} ${word()} ${word()}`,
  ).join('\n');
}

describe('the bot build', () => {
  it('makes in a worker thread what it makes in this one', async () => {
    const document = { text: HANDBOOK, pages: null };
    const built = await buildKnowledge(document);
    expect(built).toEqual(buildKnowledgeHere(document));
    expect(built.passages.length).toBeGreaterThan(5);
    expect(built.questions.length).toBeGreaterThanOrEqual(4);
  });

  it('leaves this thread free to answer others while it works', async () => {
    let turns = 0;
    let running = true;
    const spin = () => {
      turns++;
      if (running) setImmediate(spin);
    };
    setImmediate(spin);
    const built = await buildKnowledge({ text: longDocument(15_000), pages: null });
    running = false;
    expect(built.passages.length).toBeGreaterThan(100);
    // Work on this thread would have starved the loop; a worker leaves it turning throughout.
    expect(turns).toBeGreaterThan(100);
  });

  it('gives up when it is stopped', async () => {
    const controller = new AbortController();
    const building = buildKnowledge(
      { text: longDocument(15_000), pages: null },
      { signal: controller.signal },
    );
    controller.abort();
    await expect(building).rejects.toThrow('stopped');
  });

  it('builds a PDF of many short identical pages: lines on every page are its text, not running headers', async () => {
    const page = { heading: 'Closing notice', paragraphs: [['The office is closed on Friday afternoons.']] };
    const document = await extractInThisThread(await makeTextPdf(Array.from({ length: 12 }, () => page)));
    expect(document.pages).toHaveLength(12);

    const { passages } = buildKnowledgeHere(document);
    expect(passages.length).toBeGreaterThan(0);
    expect(passages.map((p) => `${p.heading} ${p.text}`).join(' ')).toContain(
      'The office is closed on Friday afternoons.',
    );
  });
});
