import { describe, expect, it } from 'vitest';
import { oneMonthAfter } from '../../src/services/plan-changes.js';

describe('a paid month', () => {
  it('ends on the same day of the next month', () => {
    expect(oneMonthAfter(new Date('2026-11-24T19:00:00.000Z')).toISOString()).toBe(
      '2026-12-24T19:00:00.000Z',
    );
    expect(oneMonthAfter(new Date('2026-12-15T08:30:00.000Z')).toISOString()).toBe(
      '2027-01-15T08:30:00.000Z',
    );
  });

  it('ends on the last day of a shorter next month', () => {
    expect(oneMonthAfter(new Date('2027-01-31T10:00:00.000Z')).toISOString()).toBe(
      '2027-02-28T10:00:00.000Z',
    );
    expect(oneMonthAfter(new Date('2028-01-31T10:00:00.000Z')).toISOString()).toBe(
      '2028-02-29T10:00:00.000Z',
    );
    expect(oneMonthAfter(new Date('2026-03-31T10:00:00.000Z')).toISOString()).toBe(
      '2026-04-30T10:00:00.000Z',
    );
  });
});
