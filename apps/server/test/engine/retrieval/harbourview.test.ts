import { splitIntoPassages } from '../../../src/engine/passages/index.js';
import {
  buildIndex,
  CONFIDENCE_THRESHOLD,
  hasConfidentMatch,
  loadIndex,
} from '../../../src/engine/retrieval/index.js';
import { HANDBOOK, holdsFacts, QUESTIONS } from './fixtures/harbourview.js';

/** The benchmark: the Harbourview development set (shared/eval), measured on retrieval alone. */
describe('retrieval on the Harbourview set', () => {
  const index = loadIndex(buildIndex(splitIntoPassages({ text: HANDBOOK, pages: null })));
  const answerable = QUESTIONS.answerable.map(({ q, any }) => {
    const results = index.search(q, { limit: 3 });
    return {
      q,
      first: results[0] !== undefined && holdsFacts(results[0].passage.text, any),
      hit: results.some((r) => holdsFacts(r.passage.text, any)),
      confidence: results[0]?.confidence ?? 0,
    };
  });
  const unanswerable = QUESTIONS.unanswerable.map((q) => ({
    q,
    confidence: index.search(q)[0]?.confidence ?? 0,
  }));
  const pct = (n: number, of: number) => `${n}/${of} (${Math.round((100 * n) / of)} %)`;

  it('finds a passage holding the expected facts in the top 3 for at least 90 % of answerable questions', () => {
    const hits = answerable.filter((a) => a.hit);
    const misses = answerable.filter((a) => !a.hit).map((a) => a.q);
    console.info(
      `Harbourview hit rate: top 3 ${pct(hits.length, answerable.length)}, ` +
        `top 1 ${pct(answerable.filter((a) => a.first).length, answerable.length)}` +
        (misses.length ? `; missed: ${misses.join(' | ')}` : ''),
    );
    expect(hits.length / answerable.length).toBeGreaterThanOrEqual(0.9);
  });

  it('puts every unanswerable question below the confidence threshold and ≥ 90 % of answerable ones above', () => {
    const confident = answerable.filter((a) => a.confidence >= CONFIDENCE_THRESHOLD);
    const lowestAnswerable = Math.min(...answerable.map((a) => a.confidence));
    const highestUnanswerable = Math.max(...unanswerable.map((u) => u.confidence));
    console.info(
      `Confidence threshold ${CONFIDENCE_THRESHOLD}: answerable above ${pct(confident.length, answerable.length)}, ` +
        `lowest ${lowestAnswerable.toFixed(2)}; unanswerable highest ${highestUnanswerable.toFixed(2)}`,
    );
    for (const { q } of unanswerable) expect(hasConfidentMatch(index.search(q)), q).toBe(false);
    expect(confident.length / answerable.length).toBeGreaterThanOrEqual(0.9);
  });
});
