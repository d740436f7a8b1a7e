import { fairConcurrency } from '../../src/concurrency.js';

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

describe('fairConcurrency', () => {
  it('runs at most `limit` calls at once and all of them in the end', async () => {
    let running = 0;
    let most = 0;
    const work = fairConcurrency(
      async (n: number) => {
        running += 1;
        most = Math.max(most, running);
        await tick();
        running -= 1;
        if (n === 3) throw new Error('three');
        return n * 2;
      },
      { limit: 2, perKey: 2 },
    );
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => work('one client', n)));
    expect(most).toBe(2);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([
      2,
      4,
      'failed',
      8,
      10,
    ]);
  });

  it('leaves a slot to another client while one keeps many calls waiting', async () => {
    const started: string[] = [];
    const release = new Map<string, () => void>();
    const work = fairConcurrency(
      (label: string) => {
        started.push(label);
        return new Promise<void>((resolve) => release.set(label, resolve));
      },
      { limit: 2, perKey: 1 },
    );
    const flood = ['a1', 'a2', 'a3', 'a4'].map((label) => work('10.0.0.1', label));
    await tick();
    expect(started).toEqual(['a1']);

    const other = work('10.0.0.2', 'b1');
    await tick();
    expect(started).toEqual(['a1', 'b1']);
    const late = work('10.0.0.3', 'c1');

    // As slots free up, the waiting clients take turns: the third client is not served after all of a's calls.
    release.get('a1')!();
    await tick();
    expect(started).toEqual(['a1', 'b1', 'a2']);
    release.get('b1')!();
    await tick();
    expect(started).toEqual(['a1', 'b1', 'a2', 'c1']);
    for (const label of ['a2', 'c1', 'a3', 'a4']) {
      release.get(label)!();
      await tick();
    }
    await Promise.all([...flood, other, late]);
    expect(started).toEqual(['a1', 'b1', 'a2', 'c1', 'a3', 'a4']);
  });
});
