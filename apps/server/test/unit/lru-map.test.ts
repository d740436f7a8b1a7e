import { LruMap } from '../../src/lru-map.js';

describe('LruMap', () => {
  it('keeps at most max entries, dropping the least recently used', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    expect(map.get('a')).toBe(1); // a is now the most recent
    map.set('c', 3);
    expect(map.has('b')).toBe(false);
    expect([map.get('a'), map.get('c'), map.size]).toEqual([1, 3, 2]);
  });

  it('keeps values that are falsy, and nothing at all with max 0', () => {
    const map = new LruMap<string, string | null>(2);
    map.set('gone', null);
    expect(map.has('gone')).toBe(true);
    expect(map.get('gone')).toBeNull();
    const none = new LruMap<string, number>(0);
    none.set('x', 1);
    expect(none.size).toBe(0);
  });
});
