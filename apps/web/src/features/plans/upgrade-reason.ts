/** A bot the owner wanted to delete before upgrading, offered again on the dashboard after paying. */
export interface ResumeDelete {
  botId: string;
  botName: string;
}

/** Why /plans was opened, read from untrusted navigation state. */
export type UpgradeReason = { kind: 'delete'; bot: ResumeDelete } | { kind: 'phoneBot' } | null;

export function upgradeReasonOf(state: unknown): UpgradeReason {
  const { attemptedAction, botId, botName } = (state ?? {}) as Record<string, unknown>;
  if (attemptedAction === 'phoneBot') return { kind: 'phoneBot' };
  if (attemptedAction !== 'delete' || typeof botId !== 'string' || !botId) return null;
  return { kind: 'delete', bot: { botId, botName: typeof botName === 'string' ? botName : '' } };
}

/** The deletion carried from /plans through /login and /payment to the success page, if any. */
export function resumeDeleteOf(state: unknown): ResumeDelete | null {
  const bot = (state as { resumeDelete?: Partial<ResumeDelete> } | null)?.resumeDelete;
  if (!bot || typeof bot.botId !== 'string' || !bot.botId) return null;
  return { botId: bot.botId, botName: typeof bot.botName === 'string' ? bot.botName : '' };
}
