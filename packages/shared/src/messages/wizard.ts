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
  documentType: 'Invalid file type. Use PDF, Word, Text (.txt), or a JPEG, PNG, or WebP photo.',
  /** A scanned document or photo with more pages to read by OCR than the plan allows. */
  scannedPagesOver: (maxPages: number) =>
    `This document has more than ${maxPages} scanned pages, the most your plan reads from images. Please upload fewer pages or a version with selectable text.`,
  /** An image, or a scanned page, where OCR found no words. */
  documentNoText:
    "We couldn't find any text in this document or photo. Please upload a sharper scan or photo, or a version with selectable text.",
  /** Shown above text read by OCR. */
  ocrNote: 'This text was read from an image and may contain mistakes. Words we were unsure of are marked.',
  /** The owner's corrected text with no words left in it. */
  documentTextEmpty: 'Please keep the text of your document: the bot learns only from it.',
  /** The wizard's view of text read by OCR. */
  ocrTextLabel: 'Text the bot will learn from',
  /** Said after each marked word, and its tooltip. */
  ocrUnsure: 'unsure, please check',
  ocrEdit: 'Fix the text',
  ocrSave: 'Save text',
  ocrCancelEdit: 'Cancel',
  ocrSaved: 'Your corrections are saved. The bot will learn from this text.',
  /** The corrected text's document is not (or no longer) in the caller's wizard session. */
  documentGone: 'This document is no longer in your wizard. Please upload it again.',
  /** While a document is read by OCR (decision 073). */
  readingPage: (page: number, total: number) => `Reading page ${page} of ${total}…`,
  readingLabel: (fileName: string) => `Reading ${fileName}`,
  readingCancel: 'Cancel reading',
  readingCancelled: 'Reading cancelled. You can upload another document.',
  /** A reading whose server stopped (a restart) without finishing it. */
  readingStopped: 'Reading your document stopped before the end. Please upload it again.',
  readingNone: 'No document is being read in this wizard.',
  documentTextSaveFailed: (message: string) => `Failed to save the text: ${message}`,
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
  avatarExpired: 'The avatar upload has expired. Please upload it again.',
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
  /** The summary's heading while the saved bot still reads its document (decision 102). */
  learning: 'Your Bot Is Almost Ready',
  learningLine: (name: string) =>
    `${name} is reading your document. It will be ready to chat in a moment; you can leave this page, it carries on.`,
  readyLine: (name: string) => `${name} has read your document and is ready to chat.`,
  /** The build's own reason (the owner can read it), else this. */
  buildFailed: (reason: string) => reason || 'Your document could not be read.',
  failed: 'Setup Failed',
  invalidStep: 'Invalid Step',
  crashTitle: 'Oops!',
} as const;

/**
 * The bot's contact for questions it cannot answer, as the wizard's summary and the
 * Share dialog ask for it, and as the API refuses a bad one.
 */
