/** A bot's documents: replacing one, adding more on paid plans, and the rebuild that follows. */
export const DOCUMENTS_MSG = {
  limitReached: (max: number) =>
    max === 1
      ? 'Your plan allows one document per bot. Replace it, or upgrade to add more documents.'
      : `Your plan allows ${max} documents per bot. Remove one to add another.`,
  botNotReady: 'Your bot is still being prepared. Change its documents once it is ready.',
  documentNotFound: 'Document not found',
  lastDocument: "The bot's first document can be replaced, not removed.",
  /** A rebuild gave up; the bot keeps answering from its documents as they were. */
  noText:
    'The new document has no text the bot can answer from. Your bot still answers from the previous one.',
  rebuildFailed:
    "We couldn't prepare your bot from the new document. Your bot still answers from the previous one. Please try again.",
  /** The Sources panel. */
  replace: 'Replace',
  replacing: 'Uploading...',
  addDocument: 'Add document',
  replaceLabel: (name: string) => `Replace ${name}`,
  replacedBy: (name: string) => `Being replaced by ${name}...`,
  /** A document read in the background before the rebuild (decision 084); scanned pages as the wizard tells them. */
  reading: 'Reading your document…',
  listLabel: 'Documents',
  rebuilding: 'Updating your bot... it answers from the current documents until the new ones are ready.',
  pending: 'Updating...',
  failed: (reason: string) => `The last change was not applied: ${reason}`,
  allowance: (used: number, max: number) => `${used} of ${max} documents used`,
  upgrade: 'Add more documents to one bot with the Basic plan (up to 3) or Pro (up to 10).',
} as const;
