/** A bot's documents: the wizard's one, and on paid plans more (plans.ts `maxDocuments`). Zod-free. */

/** In use (the bot answers from it), or waiting for the rebuild that will put it in use. */
export const BOT_DOCUMENT_STATUSES = ['ready', 'pending'] as const;
export type BotDocumentStatus = (typeof BOT_DOCUMENT_STATUSES)[number];

/** How a plan card names its documents per bot. */
export const documentsPerBotText = (max: number) => `${max} ${max === 1 ? 'document' : 'documents'} per bot`;
