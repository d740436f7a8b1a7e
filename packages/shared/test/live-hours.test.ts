import { describe, expect, it } from 'vitest';
import { backAt, type LiveHours } from '../src/live.js';

const WEEKDAYS: LiveHours[] = (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => ({
  day,
  opens: '9:00',
  closes: '17:30',
}));
/** A local time: 2026-12-05 is a Saturday. */
const at = (date: string, time: string) => new Date(`${date}T${time}:00`);

describe('when the business is back, from its key facts’ hours (issue 47)', () => {
  it('names the next day it opens, after a closed weekend', () => {
    expect(backAt([...WEEKDAYS, { day: 'sat', closed: true }], at('2026-12-05', '12:00'))).toBe(
      "We're back Monday at 9:00",
    );
  });

  it('says today before opening, tomorrow after closing, and nothing while open', () => {
    expect(backAt(WEEKDAYS, at('2026-12-07', '07:15'))).toBe("We're back today at 9:00");
    expect(backAt(WEEKDAYS, at('2026-12-07', '18:00'))).toBe("We're back tomorrow at 9:00");
    expect(backAt(WEEKDAYS, at('2026-12-07', '10:00'))).toBeNull();
  });

  it('reads the key facts’ times with a leading zero', () => {
    expect(backAt([{ day: 'mon', opens: '09:00', closes: '18:00' }], at('2026-12-06', '12:00'))).toBe(
      "We're back tomorrow at 9:00",
    );
  });

  it('says nothing when the hours give no opening time', () => {
    expect(backAt([], at('2026-12-07', '18:00'))).toBeNull();
    expect(backAt([{ day: 'mon', opens: 'morning' }], at('2026-12-06', '18:00'))).toBeNull();
  });
});
