/** The dashboard. Exact texts. */
export const DASHBOARD_MSG = {
  title: 'Your Chatbots',
  menuLabel: 'My Chatbots',
  emptyState: 'No bots created yet. Start your AI journey! (If created, wait or refresh.)',
  loadFailed: (message: string) => `Failed to load dashboard: ${message}`,
  fetchBotsFailed: (status: number) => `Failed to fetch bots (${status})`,
  fetchPlanFailed: (status: number) => `Failed to fetch plan status (${status})`,
  deleteFailed: (message: string) => `Failed to delete bot: ${message}`,
  deleteFailedStatus: (status: number) => `Failed to delete bot (${status})`,
  limitWarning: (max: number) => `Bot limit (${max}) reached. Please upgrade or delete a bot.`,
  limitTooltip: (max: number) => `Bot limit (${max}) reached`,
  authRequired: 'Authentication required to view bots.',
  notReady: (status: string) => `Bot is not ready (Status: ${status})`,
  confirmTitle: 'Confirm Deletion',
  confirmText: (name: string) => `Are you sure you want to delete "${name}"? This action is irreversible.`,
  upgradeTitle: 'Upgrade Required',
  upgradeText:
    'Bot deletion is only available on paid plans. Please upgrade your plan to enable this feature.',
  /** A bot card's state when the owner has more bots than the plan allows. */
  paused: 'Paused',
  pausedReason: 'Over your plan’s bot limit',
  keepLive: 'Keep live',
  keepLiveHint: 'Visitors get answers from this bot again; another bot pauses in its place.',
  keepLiveFailed: (message: string) => `Failed to keep the bot live: ${message}`,
  newBotNotice: (name: string) => `Your new bot "${name}" is being crafted! Hang tight, it'll be ready soon!`,
} as const;
