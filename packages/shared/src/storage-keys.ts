/** Browser storage keys. */
export const SESSION_KEYS = {
  /** The wizard session id (session storage). */
  sessionId: 'sessionId',
  /** The active bot id (session storage). */
  activeDocId: 'activeDocId',
} as const;

export const WIDGET_KEYS = {
  width: (botId: string) => `chatWidth_${botId}`,
  height: (botId: string) => `chatHeight_${botId}`,
  messageCount: (botId: string) => `messageCount_${botId}`,
} as const;

/** The plan chosen on /plans, read by /payment after a sign-in or a reload (local storage). */
export const SELECTED_PLAN_KEY = 'vuxo.selectedPlan';

/** Accounts used before on this device, for the local account chooser. */
export const LOCAL_ACCOUNTS_KEY = 'vuxo.localAccounts';

/** Set while a user is signed in on this device, so a page loads the sign-in SDK only when it may be needed. */
export const SIGNED_IN_HINT_KEY = 'vuxo.signedIn';

/** The phone agent onboarding's workflow state, kept across its pages and a reload (session storage). */
export const WORKFLOW_STATE_KEY = 'vuxo.workflow';
