import { z } from 'zod';
import { SOURCES_MSG } from '../messages/sources.js';
import { isWebAddress, SOURCE_KINDS, SOURCE_STATUSES, SOURCE_URL_MAX } from '../sources.js';
import { botIdSchema } from './dashboard.js';

/** Website sources of a bot (owner only; another user's bot is the same 404). */

const idSchema = z.string().trim().min(1).max(64);

/** A key fact a re-read found changed (decision 119): "Price of Full groom: $45 → $50". */
export const sourceFactChangeSchema = z.object({
  label: z.string(),
  /** null: the fact is new (before) or gone (after). */
  before: z.string().nullable(),
  after: z.string().nullable(),
  /**
   * Set where the owner corrected this kind of fact by hand: the owner's value, which the bot keeps answering with
   * ('' when the owner has none). The panel asks "the website now says …, keep yours or take it?".
   */
  yours: z.string().optional(),
});
export type SourceFactChange = z.infer<typeof sourceFactChangeSchema>;

/** One page's change: the sentences added and removed, and the key facts that changed. */
export const sourcePageChangeSchema = z.object({
  url: z.string(),
  title: z.string(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  facts: z.array(sourceFactChangeSchema),
});
export type SourcePageChange = z.infer<typeof sourcePageChangeSchema>;

/** What the last read that changed something changed, and when. */
export const sourceChangeSchema = z.object({ changedAt: z.string(), pages: z.array(sourcePageChangeSchema) });
export type SourceChange = z.infer<typeof sourceChangeSchema>;

export const botSourceSchema = z.object({
  id: z.string(),
  url: z.string(),
  kind: z.enum(SOURCE_KINDS),
  status: z.enum(SOURCE_STATUSES),
  /** The page's title (a site: its start page's). */
  title: z.string().optional(),
  /** Why it failed, readable by the owner. */
  error: z.string().optional(),
  /** ISO-8601, the last successful read. */
  fetchedAt: z.string().optional(),
  /** Pages read and their size in bytes, once read. */
  pageCount: z.number().int().min(0).optional(),
  bytes: z.number().int().min(0).optional(),
  /** ISO-8601, the last read, whatever came of it (a page unchanged since `fetchedAt` is checked, not read). */
  checkedAt: z.string().optional(),
  /**
   * Set while re-reads fail (decision 118): why the last one failed and since when; the bot keeps answering from
   * the last good read meanwhile.
   */
  failure: z.string().optional(),
  failingSince: z.string().optional(),
  /** The owner paused this source's scheduled re-reading. */
  refreshPaused: z.boolean().optional(),
  /** What the last re-read that changed the source changed (decision 119). */
  lastChange: sourceChangeSchema.optional(),
});
export type BotSource = z.infer<typeof botSourceSchema>;

export const botSourcesResponseSchema = z.object({
  /** The bot's first source: the document it was built from. */
  documentName: z.string(),
  sources: z.array(botSourceSchema),
  /** The owner's plan allowance, for the panel: addresses per bot (0: none) and whether sites can be read. */
  maxSources: z.number().int().min(0),
  siteCrawl: z.boolean(),
});
export type BotSourcesResponse = z.infer<typeof botSourcesResponseSchema>;

export const addBotSourceRequestSchema = z.object({
  botId: botIdSchema,
  url: z
    .string({ error: SOURCES_MSG.urlRequired })
    .trim()
    .min(1, SOURCES_MSG.urlRequired)
    .max(SOURCE_URL_MAX, SOURCES_MSG.urlTooLong(SOURCE_URL_MAX))
    .refine(isWebAddress, SOURCES_MSG.urlInvalid),
  kind: z.enum(SOURCE_KINDS).default('page'),
});
export type AddBotSourceRequest = z.input<typeof addBotSourceRequestSchema>;
export const addBotSourceResponseSchema = z.object({ id: z.string() });

/** Refresh or remove one source. */
export const botSourceRequestSchema = z.object({ botId: botIdSchema, id: idSchema });

/** "Re-read now": the source by its id, or by its address as the owner added it. */
export const refreshBotSourceRequestSchema = z
  .object({
    botId: botIdSchema,
    id: idSchema.optional(),
    url: z.string().trim().min(1).max(SOURCE_URL_MAX).optional(),
  })
  .refine((request) => request.id !== undefined || request.url !== undefined, SOURCES_MSG.sourceRequired);
export type RefreshBotSourceRequest = z.infer<typeof refreshBotSourceRequestSchema>;

/** "Keep yours or take it?" for a changed key fact the owner had corrected (decision 120). */
export const chooseSourceFactRequestSchema = z.object({
  botId: botIdSchema,
  id: idSchema,
  label: z.string().trim().min(1).max(300),
  take: z.boolean(),
});

/** The switch that pauses (or resumes) a source's scheduled re-reading. */
export const pauseBotSourceRequestSchema = z.object({
  botId: botIdSchema,
  id: idSchema,
  paused: z.boolean(),
});
