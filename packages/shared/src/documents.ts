/** A bot's documents: the wizard's one, and on paid plans more (plans.ts `maxDocuments`). Zod-free. */

/**
 * In use (the bot answers from it), waiting for the rebuild that will put it in use, or still being read in the
 * background (decision 084: an upload is answered at once, and read as the wizard's scans are).
 */
export const BOT_DOCUMENT_STATUSES = ['ready', 'pending', 'reading'] as const;
export type BotDocumentStatus = (typeof BOT_DOCUMENT_STATUSES)[number];

/** How a plan card names its documents per bot. */
export const documentsPerBotText = (max: number) => `${max} ${max === 1 ? 'document' : 'documents'} per bot`;
