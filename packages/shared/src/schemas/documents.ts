import { z } from 'zod';
import { BOT_DOCUMENT_STATUSES } from '../documents.js';
import { botIdSchema } from './dashboard.js';

/** A bot's documents (owner only; another user's bot is the same 404). */

const idSchema = z.string().trim().min(1).max(64);

export const botDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(BOT_DOCUMENT_STATUSES),
  /** For a pending or reading document: the document it will replace (absent: it is added). */
  replaces: z.string().optional(),
  /**
   * For a document being read: pages read by OCR of the pages to read, as the wizard shows them; `total` is 0 until
   * the pages to read are known (and stays 0 for a document with nothing to OCR).
   */
  reading: z
    .object({ done: z.number().int().nonnegative(), total: z.number().int().nonnegative() })
    .optional(),
});
export type BotDocument = z.infer<typeof botDocumentSchema>;

export const botDocumentsResponseSchema = z.object({
  /** The documents in use, first the wizard's, then those waiting for the rebuild. */
  documents: z.array(botDocumentSchema),
  /** Documents per bot on the owner's plan. */
  maxDocuments: z.number().int().min(1),
  /** Why the last change could not be applied (the bot kept its documents as they were). */
  error: z.string().optional(),
});
export type BotDocumentsResponse = z.infer<typeof botDocumentsResponseSchema>;

/** The query of the replace and add uploads (the file is the multipart body). */
export const botDocumentUploadQuerySchema = z.object({
  botId: botIdSchema,
  /** The document replaced; absent for an added one. */
  documentId: idSchema.optional(),
});
export const botDocumentRequestSchema = z.object({ botId: botIdSchema, id: idSchema });
/** The upload's reply (202): the document's id; it is read in the background, and listed as `reading` meanwhile. */
export const botDocumentUploadResponseSchema = z.object({ id: z.string() });
export type BotDocumentUploadResponse = z.infer<typeof botDocumentUploadResponseSchema>;
