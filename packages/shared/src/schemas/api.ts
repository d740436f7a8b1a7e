import { z } from 'zod';
import { PAGE_PATH_MAX } from '../api.js';

/** Every API error has this shape. */
export const apiErrorSchema = z.object({ error: z.string(), code: z.string().optional() });
export type ApiError = z.infer<typeof apiErrorSchema>;

export const healthSchema = z.object({ ok: z.literal(true) });

export const meSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string().nullable(),
    displayName: z.string().nullable(),
    emailVerified: z.boolean(),
  }),
});
export type Me = z.infer<typeof meSchema>;

/**
 * What the server tells the web app at load time (embedded in index.html as JSON data):
 * the public parts of the configuration, never a secret.
 */
const demoBotSchema = z.object({
  botId: z.string(),
  name: z.string(),
  /** What the sample business is and which document the bot answers from. */
  business: z.string(),
  /** Questions to try, each answered by the document. */
  questions: z.array(z.string()),
});
export type DemoBot = z.infer<typeof demoBotSchema>;

export const clientConfigSchema = z.object({
  brand: z.string(),
  supportEmail: z.string(),
  publicPhone: z.string(),
  firebase: z.object({
    apiKey: z.string(),
    authDomain: z.string(),
    projectId: z.string(),
  }),
  /** Set in local mode: the browser signs in against the Firebase Auth emulator at this URL. */
  authEmulatorUrl: z.string().nullable(),
  stripePublishableKey: z.string().nullable(),
  /** The payment provider's price ids of the plans bought by card. */
  stripePrices: z.object({ basic: z.string(), pro: z.string() }),
  gaMeasurementId: z.string().nullable(),
  /** The share id of the site's own chat bot; null when the site chat is off. */
  siteChatShareId: z.string().nullable(),
  /** The live demo bots of /demos, built from sample businesses' documents; none when the site chat is off. */
  demoBots: z.array(demoBotSchema).default([]),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const pageViewSchema = z.object({
  path: z.string().startsWith('/').max(PAGE_PATH_MAX),
  referrer: z
    .string()
    .max(PAGE_PATH_MAX * 2)
    .nullish(),
});
export type PageView = z.infer<typeof pageViewSchema>;
