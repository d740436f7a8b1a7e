import { limitConcurrency } from '../../src/concurrency.js';

describe('limitConcurrency', () => {
  it('runs at most `limit` calls at once and all of them in the end', async () => {
    let running = 0;
    let most = 0;
    const work = limitConcurrency(async (n: number) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (n === 3) throw new Error('three');
      return n * 2;
    }, 2);
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => work(n)));
    expect(most).toBe(2);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([
      2,
      4,
      'failed',
      8,
      10,
    ]);
  });
});
