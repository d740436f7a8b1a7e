import { z } from 'zod';
import { isPlainEmail } from '../email-address.js';
import { KEY_FACT_DAYS, KEY_FACT_KINDS, KEY_FACT_TIME, KEY_FACTS_LIMITS as L } from '../key-facts.js';
import { KEY_FACTS_MSG as M } from '../messages/key-facts.js';
import { botIdSchema } from './dashboard.js';

/** "What your bot knows": the key facts as the owner reads and corrects them. */

/** Required text: trimmed, not empty, at most `max`. */
const required = (max: number, missing: string, tooLong: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);
/** Optional text: trimmed; empty is absent. */
const optional = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((text) => (text ? text : undefined));
const time = z
  .string()
  .trim()
  .optional()
  .transform((text) => (text ? text : undefined))
  .refine((text) => text === undefined || KEY_FACT_TIME.test(text), M.timeInvalid);

export const phoneFactSchema = z.object({
  number: required(L.phoneChars, M.phoneRequired, M.phoneTooLong(L.phoneChars)).refine(
    (text) => /\d/.test(text),
    M.phoneInvalid,
  ),
  label: optional(L.labelChars, M.labelTooLong(L.labelChars)),
});

export const dayHoursSchema = z
  .object({
    day: z.enum(KEY_FACT_DAYS, { error: M.dayInvalid }),
    opens: time,
    closes: time,
    closed: z
      .boolean()
      .optional()
      .transform((closed) => (closed ? true : undefined)),
    note: optional(L.noteChars, M.hoursNoteTooLong(L.noteChars)),
  })
  .refine((h) => h.closed || h.opens || h.closes || h.note, M.hoursEmpty);

export const priceFactSchema = z.object({
  item: required(L.itemChars, M.itemRequired, M.itemTooLong(L.itemChars)),
  price: required(L.priceChars, M.priceRequired, M.priceTooLong(L.priceChars)),
  unit: optional(L.unitChars, M.unitTooLong(L.unitChars)),
  section: optional(L.itemChars, M.itemTooLong(L.itemChars)),
});

/** Every kind of key fact; an absent one is empty, never guessed. */
export const keyFactsSchema = z.object(
  {
    phones: z.array(phoneFactSchema).max(L.phones, M.tooManyPhones(L.phones)),
    emails: z
      .array(
        z
          .string({ error: M.emailInvalid })
          .trim()
          .min(1, M.emailInvalid)
          .max(L.emailChars, M.emailTooLong(L.emailChars))
          .refine(isPlainEmail, M.emailInvalid),
      )
      .max(L.emails, M.tooManyEmails(L.emails)),
    websites: z
      .array(required(L.websiteChars, M.websiteRequired, M.websiteTooLong(L.websiteChars)))
      .max(L.websites, M.tooManyWebsites(L.websites)),
    address: z
      .string()
      .trim()
      .max(L.addressChars, M.addressTooLong(L.addressChars))
      .nullable()
      .transform((text) => (text ? text : null)),
    hours: z.array(dayHoursSchema).max(L.hours, M.tooManyHours(L.hours)),
    hoursNotes: z
      .array(required(L.noteChars, M.hoursNoteRequired, M.hoursNoteTooLong(L.noteChars)))
      .max(L.hoursNotes, M.tooManyHoursNotes(L.hoursNotes)),
    prices: z.array(priceFactSchema).max(L.prices, M.tooManyPrices(L.prices)),
  },
  { error: M.factsRequired },
);
export type KeyFactsValue = z.infer<typeof keyFactsSchema>;
export type KeyFactsInput = z.input<typeof keyFactsSchema>;

/** POST /api/save-key-facts: the facts as the owner wants them, every kind. */
export const saveKeyFactsRequestSchema = z.object({
  botId: botIdSchema,
  facts: keyFactsSchema,
});
export type SaveKeyFactsRequest = z.input<typeof saveKeyFactsRequestSchema>;

/** The facts as the server shows them: read as found (the document's may pass the owner's limits). */
export const keyFactsViewSchema = z.object({
  phones: z.array(z.object({ number: z.string(), label: z.string().optional() })),
  emails: z.array(z.string()),
  websites: z.array(z.string()),
  address: z.string().nullable(),
  hours: z.array(
    z.object({
      day: z.enum(KEY_FACT_DAYS),
      opens: z.string().optional(),
      closes: z.string().optional(),
      closed: z.boolean().optional(),
      note: z.string().optional(),
    }),
  ),
  hoursNotes: z.array(z.string()),
  prices: z.array(
    z.object({
      item: z.string(),
      price: z.string(),
      unit: z.string().optional(),
      section: z.string().optional(),
    }),
  ),
});
export type KeyFactsView = z.infer<typeof keyFactsViewSchema>;

/** GET /api/key-facts?botId= and the save's reply. */
export const keyFactsResponseSchema = z.object({
  /** False while the bot is still reading its document for the first time: the facts are the owner's alone. */
  ready: z.boolean(),
  facts: keyFactsViewSchema,
  /** The kinds the owner changed: they stay as the owner set them when the document is read again. */
  edited: z.array(z.enum(KEY_FACT_KINDS)),
});
export type KeyFactsResponse = z.infer<typeof keyFactsResponseSchema>;
