/** A time of day as printed: '9', '9am', '7:30 AM', '9.30pm', '19:00', 'noon'. */
export interface Clock {
  hour: number;
  minute: number;
  suffix: 'am' | 'pm' | null;
  /** Written the 24-hour way ('09:00', '17.30', '19:00'): no am/pm to infer. */
  twentyFour: boolean;
}

export function parseClock(text: string): Clock | null {
  const word = text.toLowerCase();
  if (word === 'noon' || word === 'midday') return { hour: 12, minute: 0, suffix: 'pm', twentyFour: true };
  if (word === 'midnight') return { hour: 0, minute: 0, suffix: 'am', twentyFour: true };
  const match = /^(\d{1,2})(?:[:.](\d{2}))?\s?([ap])?/i.exec(text);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = match[2] ? Number(match[2]) : 0;
  const suffix = match[3] ? (match[3].toLowerCase() === 'a' ? 'am' : 'pm') : null;
  if (minute > 59 || hour > 24 || (suffix && (hour > 12 || hour === 0))) return null;
  const twentyFour = !suffix && (hour > 12 || hour === 0 || (match[1]!.length === 2 && hour < 10));
  return { hour, minute, suffix, twentyFour };
}

/** Says when a time is written plainly enough to stand alone ('7pm', '19:00', '7.30'), not a bare '7'. */
export function isExplicit(clock: Clock): boolean {
  return clock.suffix !== null || clock.twentyFour || clock.minute > 0;
}

function hours24(clock: Clock): number {
  if (clock.suffix === 'pm' && clock.hour < 12) return clock.hour + 12;
  if (clock.suffix === 'am' && clock.hour === 12) return 0;
  return clock.hour;
}

/** A lone time: only when written plainly ('from 7pm', 'at 19:00'). */
export function singleTime(clock: Clock): string | null {
  if (!isExplicit(clock)) return null;
  return format(clock.suffix || clock.twentyFour ? hours24(clock) : clock.hour, clock.minute);
}

/**
 * A range as 24-hour times, reading a missing am/pm the way signs mean it: '9–5' is 09:00–17:00, '10–2' is
 * 10:00–14:00, '7–10pm' is 19:00–22:00, '9–5pm' is 09:00–17:00.
 */
export function rangeTimes(from: Clock, to: Clock): { opens: string; closes: string } {
  let close = hours24(to);
  let open = hours24(from);
  if (!from.suffix && !from.twentyFour) {
    if (to.suffix === 'pm' && open < 12 && open + 12 < close) open += 12;
    else if (!to.suffix && !to.twentyFour && open >= 1 && open <= 6) open += 12;
  }
  if (!to.suffix && !to.twentyFour && close <= open && close < 12) close += 12;
  return { opens: format(open, from.minute), closes: format(close, to.minute) };
}

function format(hour: number, minute: number): string {
  return `${String(hour % 24).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}
