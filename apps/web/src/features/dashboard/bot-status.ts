import type { BotSummary } from '@vuxo/shared/schemas';
import { PROGRESS_BY_STATUS, PROGRESS_DONE } from '../../ui-tuning';

export { isChatReady } from '@vuxo/shared/bot';

/** Bot status rules of the dashboard (Bot status; section 3, Bot). */
const LABELS: Record<string, string> = {
  cag_generated: 'Ready',
  pending_cag: 'Processing',
  configuring: 'Configuring',
};

/** 'Ready', 'Processing', 'Configuring'; otherwise the raw status, or 'Unknown' when there is none. */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return 'Unknown';
  return LABELS[status] ?? status;
}

/** In progress: pending_cag or configuring (these pulse and drive the auto-refresh). */
export function isInProgress(status: string): boolean {
  return status === 'pending_cag' || status === 'configuring';
}

/** The progress bar: 30 (pending_cag), 70 (configuring), 100 otherwise. */
export function progressOf(status: string): number {
  return (PROGRESS_BY_STATUS as Record<string, number>)[status] ?? PROGRESS_DONE;
}

/** A missing name displays as 'Bot' plus the first 6 characters of the id. */
export function displayName(bot: Pick<BotSummary, 'botId' | 'botName'>): string {
  const name = bot.botName?.trim();
  return name ? name : `Bot ${bot.botId.substring(0, 6)}`;
}

/** The avatar's fallback: the uppercase first letter of the name. */
export function initialOf(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}

export function formatCreatedAt(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
