import { BOT_STATUSES, type BotStatus } from '@vuxo/shared';

/**
 * A bot's life cycle, written once: for each status, the statuses it may move to. The repository's transitions
 * change a row only when its status allows the move (in the same UPDATE), so two writers cannot race a bot into
 * a state the table forbids.
 *
 * - `configuring`: a build is scheduled (a new bot, or the site's own bot restarted, even from deleted).
 * - `pending_cag`: its build has indexed the passages (a build may run again after a crash, from any live status).
 * - `cag_generated`: Ready, its index published by a build or a rebuild (see `publishIndex`).
 * - `error`: its build gave up; `deleted`: gone for every caller, kept as a row so its id is never reused.
 * - `active`: an older Ready status, read as Ready; nothing moves a bot into it now.
 */
const LIVE_MOVES = ['configuring', 'pending_cag', 'error', 'deleted'] as const;
export const BOT_TRANSITIONS: Readonly<Record<BotStatus, readonly BotStatus[]>> = {
  configuring: LIVE_MOVES,
  pending_cag: [...LIVE_MOVES, 'cag_generated'],
  cag_generated: [...LIVE_MOVES, 'cag_generated'],
  active: LIVE_MOVES,
  error: LIVE_MOVES,
  deleted: ['configuring'],
};

export function canMove(from: BotStatus, to: BotStatus): boolean {
  return BOT_TRANSITIONS[from].includes(to);
}

/** The statuses a bot may move to `to` from: the condition of the transition's UPDATE. */
export function statusesBefore(to: BotStatus): BotStatus[] {
  return BOT_STATUSES.filter((from) => canMove(from, to));
}
