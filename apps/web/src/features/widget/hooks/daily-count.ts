import { MESSAGES_PER_DAY } from '@vuxo/shared/limits';
import { WIDGET_KEYS } from '@vuxo/shared/storage-keys';
import { widgetStorage } from '../api/widget-storage';

/**
 * The browser's own daily counter: messageCount_{id} holds the count and
 * the date of the last message; it starts again when that date is before today's local midnight. The server
 * keeps the real count; this one only stands in until the server has answered.
 */
interface StoredCount {
  count: number;
  date: string;
}

function startOfToday(now: Date): number {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
}

export function parseDailyCount(raw: string | null, now = new Date()): number {
  if (!raw) return 0;
  try {
    const stored = JSON.parse(raw) as Partial<StoredCount>;
    const when = typeof stored.date === 'string' ? Date.parse(stored.date) : NaN;
    if (!Number.isFinite(when) || when < startOfToday(now)) return 0;
    const count = Number(stored.count);
    return Number.isFinite(count) ? Math.min(MESSAGES_PER_DAY, Math.max(0, Math.floor(count))) : 0;
  } catch {
    return 0;
  }
}

export function readDailyCount(botId: string, now = new Date()): number {
  return parseDailyCount(widgetStorage.get(WIDGET_KEYS.messageCount(botId)), now);
}

/** Counts one more message today and returns the new count. */
export function bumpDailyCount(botId: string, now = new Date()): number {
  const count = Math.min(MESSAGES_PER_DAY, readDailyCount(botId, now) + 1);
  const stored: StoredCount = { count, date: now.toISOString() };
  widgetStorage.set(WIDGET_KEYS.messageCount(botId), JSON.stringify(stored));
  return count;
}
