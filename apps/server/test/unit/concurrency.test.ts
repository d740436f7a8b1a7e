import { fairConcurrency } from '../../src/concurrency.js';
import { EXTRACTION_SLOTS, extractionSlot } from '../../src/services/extraction-slots.js';

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

    // As slots free up, the waiting clients take turns, the one served least recently first: the third client,
    // though it came after a's calls, is served before a's second.
    release.get('a1')!();
    await tick();
    expect(started).toEqual(['a1', 'b1', 'c1']);
    release.get('b1')!();
    await tick();
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2']);
    for (const label of ['c1', 'a2', 'a3', 'a4']) {
      release.get(label)!();
      await tick();
    }
    await Promise.all([...flood, other, late]);
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'a3', 'a4']);
  });

  it('keeps a slot from a group of keys: anonymous callers share one, a signed-in owner always finds the other', async () => {
    const started: string[] = [];
    const release = new Map<string, () => void>();
    const work = fairConcurrency(
      (label: string) => {
        started.push(label);
        return new Promise<void>((resolve) => release.set(label, resolve));
      },
      { limit: 2, perKey: 1, perGroup: { anonymous: 1 } },
    );
    const anonymous = (address: string) => ({ key: `address:${address}`, group: 'anonymous' });
    const owner = (id: string) => ({ key: `user:${id}`, group: 'signedIn' });
    // Two addresses, one slot between them: the second waits though a slot is free.
    const scans = [work(anonymous('10.0.0.1'), 'scan 1'), work(anonymous('10.0.0.2'), 'scan 2')];
    await tick();
    expect(started).toEqual(['scan 1']);
    // The owner, from either address or another, starts at once.
    const upload = work(owner('u1'), 'owner');
    await tick();
    expect(started).toEqual(['scan 1', 'owner']);
    release.get('owner')!();
    await upload;
    // The freed slot is not the anonymous callers' second one.
    await tick();
    expect(started).toEqual(['scan 1', 'owner']);
    release.get('scan 1')!();
    await tick();
    expect(started).toEqual(['scan 1', 'owner', 'scan 2']);
    release.get('scan 2')!();
    await Promise.all(scans);
  });
});

describe('extraction slots (decision 086)', () => {
  it('are keyed by the verified user, else by the address the server computed, anonymous ones sharing one slot', () => {
    expect(extractionSlot({ address: '203.0.113.7', userId: 'u1' })).toEqual({
      key: 'user:u1',
      group: 'signedIn',
    });
    // The same owner from another address holds the same key; visitors at one address share theirs.
    expect(extractionSlot({ address: '198.51.100.1', userId: 'u1' }).key).toBe('user:u1');
    expect(extractionSlot({ address: '203.0.113.7', userId: null })).toEqual({
      key: 'address:203.0.113.7',
      group: 'anonymous',
    });
    expect(EXTRACTION_SLOTS.perGroup.anonymous).toBeLessThan(EXTRACTION_SLOTS.limit);
  });
});
