import { DASHBOARD_MENU_LABEL } from '../routes.js';

/** The dashboard. Exact texts. */
export const DASHBOARD_MSG = {
  newRequests: (n: number) => (n === 1 ? '1 new request' : `${n} new requests`),
  title: 'Your Chatbots',
  menuLabel: DASHBOARD_MENU_LABEL,
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
  keepLiveFailedStatus: (status: number) => `Failed to keep the bot live (${status})`,
  /** The bot's settings after the wizard: the card's action and its dialog. */
  editSettings: 'Edit settings',
  editSettingsOf: (name: string) => `Edit settings: ${name}`,
  settingsTitle: (name: string) => `Settings of ${name}`,
  settingsDescription: 'Changes show in the chat and the widget at once; the bot is not rebuilt.',
  settingsToneLabel: 'Tone',
  settingsCreativityLabel: 'Creativity',
  settingsSave: 'Save settings',
  settingsCancel: 'Cancel',
  settingsSaveFailed: (message: string) => `Failed to save the settings: ${message}`,
  newBotNotice: (name: string) => `Your new bot "${name}" is being crafted! Hang tight, it'll be ready soon!`,
} as const;
