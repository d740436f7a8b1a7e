/** The bot-creation wizard and its uploads. Exact texts. */
import {
  AVATAR_MAX_BYTES,
  BOT_NAME_MAX,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TEXT_MAX_CHARS,
  WELCOME_MAX,
} from '../limits.js';

/** Whole megabytes as the messages write them ('5MB'). */
const mb = (bytes: number) => `${bytes / (1024 * 1024)}MB`;

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
