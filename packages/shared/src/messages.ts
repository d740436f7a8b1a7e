import {
  AVATAR_MAX_BYTES,
  BOT_NAME_MAX,
  CONTACT_EMAIL_MAX,
  CONTACT_FORM_MAX,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TEXT_MAX_CHARS,
  MAX_RETRIES,
  MESSAGES_PER_DAY,
  WELCOME_MAX,
  type MessageLimit,
} from './limits.js';

/** Whole megabytes as the messages write them ('5MB'). */
const mb = (bytes: number) => `${bytes / (1024 * 1024)}MB`;

/**
 * Every user-facing message of the product, exact.
 * Messages that name the support address take it as an argument: `{email}`.
 */
export const AUTH_MSG = {
  initializing: 'Initializing Authentication...',
  initializationError: 'Initialization Error',
  serviceNotReady: 'Authentication service not ready.',
  loginCancelled: 'Login cancelled.',
  loginFailed: (message: string) => `Login failed: ${message}`,
  logoutFailed: (message: string) => `Logout failed: ${message}`,
  failedToInitialize: 'Firebase Auth failed to initialize.',
  statusCheckError: 'Error checking authentication status.',
  configMissing: 'Firebase configuration is missing the auth key or project id.',
  tokenRetrievalFailed: 'Authentication token retrieval failed.',
  notAuthenticated: 'User not authenticated.',
  wizardAuthError: (message: string) => `Authentication error: ${message}`,
  guardLoading: 'Loading...',
} as const;

export const WIDGET_MSG = {
  noIdentifier: (email: string) => `No bot identifier provided. Please try again or contact ${email}.`,
  notConfigured: (email: string) =>
    `Cannot send message: bot is not properly configured. Please try again or contact ${email}.`,
  limitReached: (email: string) =>
    `Message limit reached (${MESSAGES_PER_DAY} messages). Please try again tomorrow or contact ${email}.`,
  /** The visitor's network used its shared allowance, whatever they sent themselves. */
  networkLimitReached: (email: string) =>
    `Message limit reached for your network: visitors sharing your internet connection have used today’s messages for this bot. Please try again tomorrow or contact ${email}.`,
  limitPlaceholder: 'Message limit reached',
  notConfiguredPlaceholder: 'Bot is not configured',
  placeholder: 'Type a message...',
  loadFailed: (reason: string, email: string) =>
    `Failed to load bot details: ${reason}. Please try again or contact ${email}.`,
  invalidBotData: 'Invalid bot data',
  sendFailed: (email: string) => `Failed to send message. Please try again or contact ${email}.`,
  suggestionsFailed: (attempt: number, email: string) =>
    `Failed to load suggested questions (Attempt ${attempt}/${MAX_RETRIES}). Please try again or contact ${email}.`,
  suggestionsMaxRetries: (email: string) =>
    `Maximum retries reached for suggested questions. Please contact ${email}.`,
  maxRetries: (email: string) => `Maximum retries reached. Please contact ${email}.`,
  stripCrashed: (email: string) => `Something went wrong. Please try again or contact ${email}.`,
  generatingSuggestions: 'Generating suggested questions...',
  missingReply: 'Sorry, something went wrong.',
  messagesLeft: (n: number, max: number) => `Messages left: ${n}/${max}`,
  defaultName: 'Assistant',
  defaultWelcome: 'Hello! I’m here to help. Ask me anything.',
} as const;

/** The notice for whichever daily allowance stopped the visitor. */
export function messageLimitNotice(limit: MessageLimit, email: string): string {
  return limit === 'network' ? WIDGET_MSG.networkLimitReached(email) : WIDGET_MSG.limitReached(email);
}

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
  newBotNotice: (name: string) => `Your new bot "${name}" is being crafted! Hang tight, it'll be ready soon!`,
} as const;

export const WIZARD_MSG = {
  documentRequired: 'Please upload a document to continue',
  documentType: 'Invalid file type. Use PDF, Word, or Text (.txt).',
  documentTooLarge: `File size exceeds ${mb(DOCUMENT_MAX_BYTES)} limit`,
  /** The same words for a plan's own limit (documentMaxBytes). */
  documentTooLargeFor: (maxBytes: number) => `File size exceeds ${mb(maxBytes)} limit`,
  documentTextTooLong: `This document holds more than ${DOCUMENT_TEXT_MAX_CHARS / (1024 * 1024)} MB of text, the most a bot can learn from. Please upload a shorter document.`,
  documentNotSelected: 'Please select a document',
  sessionUnavailable: 'Critical error: Session unavailable',
  welcomeRequired: 'Please enter a welcome message',
  welcomeTooLong: `Message cannot exceed ${WELCOME_MAX} characters`,
  toneRequired: 'Please select a tone',
  nameRequired: 'Please enter a bot name',
  nameTooLong: `Bot name cannot exceed ${BOT_NAME_MAX} characters`,
  nameCharacters: 'Use only letters, numbers, spaces, hyphens, or underscores',
  imageType: 'Invalid file type. Use JPEG, PNG, GIF, or WebP.',
  imageTooLarge: `File size exceeds ${mb(AVATAR_MAX_BYTES)} limit`,
  imageNotSelected: 'Please select an image',
  creativityRequired: 'Please select a creativity level',
  sessionExpired: 'Session expired. Please start over.',
  saveFailed: (message: string) => `Failed to save bot: ${message}`,
  saveFailedStatus: (status: number) => `Save failed (${status})`,
  savedWithoutId: 'Bot saved, but no Bot ID returned',
  invalidSession: 'Invalid session ID',
  imageUploadFailed: (message: string) => `Image upload failed: ${message}`,
  imageUploadFailedStatus: (status: number) => `Image upload failed (${status})`,
  noImageFile: 'No image file provided',
  editorInitFailed: 'Image editor failed to initialize',
  blobFailed: 'Failed to generate image blob',
  imageSaveFailed: (message: string) => `Failed to save image: ${message}`,
  imageProcessFailed: (message: string) => `Failed to process image: ${message}`,
  documentUploadFailed: (message: string) => `Failed to upload document: ${message}`,
  documentUploadFailedStatus: (status: number) => `Upload failed with status ${status}`,
  planVerifyFailed: (message: string) => `Failed to verify plan: ${message}`,
  planCheckFailedStatus: (status: number) => `Plan check failed with status ${status}`,
  invalidPlanData: 'Invalid plan data',
  setupFailed: (message: string) => `Setup failed: ${message}`,
  limitTitle: 'Bot Limit Reached',
  limitText: (max: number) =>
    `You've reached the limit of ${max} bots. Upgrade your plan or manage existing bots.`,
  ready: 'Your Bot Is Ready!',
  failed: 'Setup Failed',
  invalidStep: 'Invalid Step',
  crashTitle: 'Oops!',
} as const;

/**
 * The bot's contact for questions it cannot answer, as the wizard's summary and the
 * Share dialog ask for it, and as the API refuses a bad one.
 */
export const CONTACT_MSG = {
  label: "Contact for questions the bot can't answer",
  hint: 'When your document does not hold the answer, the bot asks visitors to email this address.',
  save: 'Save contact',
  saved: 'Contact saved. The bot now points visitors to this address.',
  saveFailed: (message: string) => `Failed to save the contact: ${message}`,
  required: 'Please enter an email address',
  invalid: 'Please enter a valid email address, such as help@yourbusiness.com',
  tooLong: `Email address cannot exceed ${CONTACT_EMAIL_MAX} characters`,
} as const;

/** The site's contact form (/contact). */
export const CONTACT_FORM_MSG = {
  nameRequired: 'Please enter your name',
  nameTooLong: `Name cannot exceed ${CONTACT_FORM_MAX.name} characters`,
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address, such as you@yourbusiness.com',
  emailTooLong: `Email address cannot exceed ${CONTACT_EMAIL_MAX} characters`,
  companyTooLong: `Company cannot exceed ${CONTACT_FORM_MAX.company} characters`,
  subjectTooLong: `Subject cannot exceed ${CONTACT_FORM_MAX.subject} characters`,
  messageRequired: 'Please write your message',
  messageTooLong: `Message cannot exceed ${CONTACT_FORM_MAX.message} characters`,
  sent: 'Thank you! Your message has been sent, and a real person will reply within one business day.',
  sendFailed: (message: string) => `Failed to send your message: ${message}`,
  sendFailedStatus: (status: number) => `Sending failed with status ${status}`,
} as const;

/** The payment page's messages (red alert above the card form) and the payment API's refusals. */
export const PAYMENT_MSG = {
  intentFailed: 'Failed to create payment intent',
  genericError: 'An error occurred during payment processing',
  notReady: 'Payment system not ready or user not authenticated',
  unknownPlan: 'This plan cannot be bought by card. Please choose Basic or Pro on the plans page.',
  amountMismatch: "The amount does not match the plan's price. Please reload the page and try again.",
  paymentNotFound: 'This payment was not found. Please start again from the plans page.',
  alreadyPaid: 'This payment has already been made.',
} as const;

/** Why /plans was opened, when another screen sent the owner there. */
export const PLANS_MSG = {
  deleteNeedsPaidPlan: (botName: string) =>
    `Deleting a bot needs a paid plan. Choose Basic or Pro: once your payment is confirmed, you can delete "${botName}".`,
  phoneBotNeedsPro: 'The Phone Bot comes with the Pro plan.',
} as const;

export const NOT_FOUND_MSG = {
  title: 'Lost in the AI Void',
  text: "Oops! It seems you've drifted into uncharted digital space.",
  button: 'Return to Home',
} as const;

/** Messages of the API itself, beyond the screens' messages. */
export const API_MSG = {
  notFound: 'Not found.',
  internal: 'Something went wrong on our side. Please try again.',
  unauthenticated: 'Sign-in required.',
  invalidToken: 'Your sign-in is no longer valid. Please sign in again.',
  emailNotVerified: 'Please verify your email address, then sign in again.',
  badRequest: 'The request is not valid.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
} as const;
