import type { BotType, CreativityLevel, Tone } from './bot.js';

/** The wizard's screens: the step titles, index 0 to 6, exact. */
export const WIZARD_STEP_TITLES = [
  'Upload Business Content',
  'Craft a Welcome Message',
  "Set Your Bot's Tone",
  'Name Your Bot',
  'Upload Bot Avatar (Optional)',
  'Set Bot Creativity',
  'Summary',
] as const;

/** The index of the summary step, and of the last configuration step (its button reads Finish). */
export const WIZARD_SUMMARY_STEP = WIZARD_STEP_TITLES.length - 1;
export const WIZARD_LAST_CONFIG_STEP = WIZARD_SUMMARY_STEP - 1;

/** The three stages of the wizard's progress bar. */
export const WIZARD_STAGES = ['Setup', 'Configure', 'Finish'] as const;
export type WizardStage = (typeof WIZARD_STAGES)[number];

/** The bot-type choice screen's two cards. */
export const BOT_TYPE_CHOICES: Record<BotType, { label: string; badge: string }> = {
  text: { label: 'Text Bot', badge: 'Free Trial Available' },
  phone: { label: 'Phone Bot', badge: 'Requires Paid Plan' },
};

export const TONE_LABELS: Record<Tone, string> = {
  friendly: 'Friendly',
  professional: 'Professional',
  casual: 'Casual',
  formal: 'Formal',
};

/** The creativity levels and what they mean. */
export const CREATIVITY_CHOICES: Record<CreativityLevel, { label: string; detail: string }> = {
  restricted: { label: 'Restricted', detail: 'Document-based' },
  balanced: { label: 'Balanced', detail: 'Document + Knowledge' },
};

export const WIZARD_LABELS = {
  back: 'Back',
  next: 'Next',
  finish: 'Finish',
  processing: 'Processing...',
  viewBot: 'View Bot',
  manageBots: 'Manage Bots',
  upgradePlan: 'Upgrade Plan',
  upgradeHint: 'Upgrade your plan for more creativity options.',
  reload: 'Reload',
} as const;

/** The post-login action the wizard hands to /login, so the save runs by itself after sign-in. */
export const FINALIZE_BOT_ACTION = 'finalizeBot';

/**
 * The navigation state View Bot passes to /dashboard/bots: the new bot
 * (its id, and its name for the dashboard's notice) and the new-config flag.
 */
export interface NewBotArrivalState {
  newBot: { botId: string; botName: string };
  newConfig: true;
}
