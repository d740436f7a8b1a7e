import type { BotStatus } from '@vuxo/shared';

/**
 * The bot statuses a test reads or sets, by what they mean: the stored names (`cag_generated` for Ready) are the
 * database's and live here once, so renaming one touches this file alone.
 */
export const BOT_STATUS = {
  /** Saved; its build is scheduled or running. */
  building: 'configuring',
  /** The build has split the document and is indexing it. */
  indexing: 'pending_cag',
  /** Ready: its index is published and it answers visitors. */
  ready: 'cag_generated',
  failed: 'error',
  deleted: 'deleted',
} as const satisfies Record<string, BotStatus>;

/** A build has ended, one way or the other. */
export const buildEnded = (status: string) => status === BOT_STATUS.ready || status === BOT_STATUS.failed;
