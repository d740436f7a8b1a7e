import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  CHAT_RETENTION_DAYS_DEFAULT,
  CONTACT_RETENTION_DAYS_DEFAULT,
  DEFAULT_PUBLIC_PHONE,
  DEFAULT_SUPPORT_EMAIL,
  isPlainEmail,
} from '@vuxo/shared';
import { LLM_BUDGET } from './engine/llm/prompt.js';

/**
 * The one place configuration is read. Every variable is listed in `.env.example` with its default.
 * A bad value stops startup with a message naming the variable.
 */
const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** SOURCE_REFRESH_EVERY's ceiling: a year, in seconds. */
const REFRESH_EVERY_MAX = 366 * 24 * 3600;
const port = z.coerce.number().int().min(1).max(65535);
const hostPort = z.string().regex(/^[\w.-]+:\d{1,5}$/, 'must look like host:port');

const TRUST_PROXY_RULE =
  'must be empty (trust no proxy), a hop count, or a comma-separated list of proxy addresses or CIDRs';

/**
 * Which proxies may say who the client is (X-Forwarded-For): none by default, else the number of proxies
 * in front of the server or their addresses. Never "any": a client could then name any address it likes.
 * Null for a value that is none of these.
 */
export function parseTrustProxy(value: string): false | number | string[] | null {
  const text = value.trim();
  if (text === '' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text) <= 10 ? Number(text) : null;
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrCidr) ? entries : null;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(3000),
  PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value, context) => {
      const trusted = parseTrustProxy(value);
      if (trusted === null) context.addIssue({ code: 'custom', message: TRUST_PROXY_RULE });
      return trusted ?? false;
    }),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{4,40}$/, 'must be a Firebase project id')
    .default('demo-vuxo'),
  FIREBASE_API_KEY: optional,
  FIREBASE_AUTH_DOMAIN: optional,
  FIREBASE_AUTH_EMULATOR_HOST: optional.pipe(hostPort.optional()),
  GOOGLE_APPLICATION_CREDENTIALS: optional,
  SUPPORT_EMAIL: z
    .string()
    .refine(isPlainEmail, 'must be one plain email address')
    .default(DEFAULT_SUPPORT_EMAIL),
  PUBLIC_PHONE: z.string().min(3).default(DEFAULT_PUBLIC_PHONE),
  ADMIN_EMAILS: z.string().default(''),
  STRIPE_SECRET_KEY: optional.pipe(z.string().startsWith('sk_').optional()),
  STRIPE_PUBLISHABLE_KEY: optional.pipe(z.string().startsWith('pk_').optional()),
  STRIPE_WEBHOOK_SECRET: optional.pipe(z.string().startsWith('whsec_').optional()),
  STRIPE_PRICE_BASIC: z.string().min(1).default('price_basic_monthly'),
  STRIPE_PRICE_PRO: z.string().min(1).default('price_pro_monthly'),
  LLM_BASE_URL: optional.pipe(z.url().optional()),
  LLM_API_KEY: optional,
  LLM_MODEL: optional,
  LLM_CONTEXT_TOKENS: z.coerce.number().int().min(1_000).max(2_000_000).default(LLM_BUDGET.contextTokens),
  GA_MEASUREMENT_ID: optional,
  SITE_CHAT: z.enum(['on', 'off']).default('on'),
  CHAT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(CHAT_RETENTION_DAYS_DEFAULT),
  CONTACT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(CONTACT_RETENTION_DAYS_DEFAULT),
  REDIS_URL: optional.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
  ),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  REDIS_KEY_PREFIX: z.string().min(1).max(50).default('vuxo:'),
  ALLOW_PRIVATE_URLS: z.enum(['on', 'off']).default('off'),
  SOURCE_REFRESH_EVERY: optional.pipe(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number of seconds')
      .transform(Number)
      .pipe(z.number().int().min(1).max(REFRESH_EVERY_MAX))
      .optional(),
  ),
  APP_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optional.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Vuxo <no-reply@vuxo.example>'),
});

export type Env = z.infer<typeof envSchema>;

/** Every variable the configuration reads (each is listed in `.env.example`). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

export interface Config {
  env: Env['NODE_ENV'];
  production: boolean;
  host: string;
  port: number;
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  /** Fastify's trustProxy: false (the socket's address is the client's), a hop count, or proxy addresses. */
  trustProxy: false | number | string[];
  dataDir: string;
  databaseUrl: string | null;
  /** Shared per-minute limits and daily message counts for several server processes; null: in this process. */
  redisUrl: string | null;
  /** Server processes sharing the port (scaled setup only). */
  workers: number;
  /** Put before every Redis key, so several deployments (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  firebase: {
    projectId: string;
    apiKey: string;
    authDomain: string;
    /** host:port of the Firebase Auth emulator; set only in local mode. */
    emulatorHost: string | null;
  };
  supportEmail: string;
  publicPhone: string;
  adminEmails: string[];
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | null;
  stripePrices: { basic: string; pro: string };
  /** The model, and how much of a document (estimated tokens) goes into its prompt. */
  llm: { baseUrl: string; apiKey: string; model: string; contextTokens: number } | null;
  gaMeasurementId: string | null;
  appSecret: string | null;
  /** The site's own chat widget: a bot answering from the built-in guide to the product (site-bot.ts). */
  siteChat: boolean;
  /** Days a visitor's messages are kept for the owner's log; older ones are removed by a job. */
  chatRetentionDays: number;
  /** Days contact messages and phone agent requests are kept for the team; older ones are removed by a job. */
  contactRetentionDays: number;
  /** Website sources may be read from loopback and private addresses: tests and local development only. */
  allowPrivateUrls: boolean;
  /** Seconds between scheduled re-reads of a website source, for every plan that has them; null: each plan's own. */
  sourceRefreshEverySeconds: number | null;
  /** Where mail goes: an SMTP server, or, when null, .eml files in DATA_DIR/outbox (decision 067). */
  smtpUrl: string | null;
  /** The From of every message the product sends. */
  mailFrom: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099';

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'configuration');
      // The variable and its rule, never its value: the value may be a secret, and start-up errors get logged.
      return `  ${name}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const local = env.FIREBASE_PROJECT_ID.startsWith('demo-');
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST ?? (local ? DEFAULT_EMULATOR_HOST : undefined);

  const config: Config = {
    env: env.NODE_ENV,
    production,
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL ?? null,
    redisUrl: env.REDIS_URL ?? null,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    workers: env.WORKERS,
    firebase: {
      projectId: env.FIREBASE_PROJECT_ID,
      apiKey: env.FIREBASE_API_KEY ?? (local ? 'demo-api-key' : ''),
      authDomain: env.FIREBASE_AUTH_DOMAIN ?? `${env.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      emulatorHost: emulatorHost ?? null,
    },
    supportEmail: env.SUPPORT_EMAIL,
    publicPhone: env.PUBLIC_PHONE,
    adminEmails: env.ADMIN_EMAILS.split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    stripe: stripeConfig(env),
    stripePrices: { basic: env.STRIPE_PRICE_BASIC, pro: env.STRIPE_PRICE_PRO },
    llm: llmConfig(env),
    gaMeasurementId: env.GA_MEASUREMENT_ID ?? null,
    appSecret: env.APP_SECRET ?? null,
    siteChat: env.SITE_CHAT === 'on',
    chatRetentionDays: env.CHAT_RETENTION_DAYS,
    contactRetentionDays: env.CONTACT_RETENTION_DAYS,
    allowPrivateUrls: env.ALLOW_PRIVATE_URLS === 'on',
    sourceRefreshEverySeconds: env.SOURCE_REFRESH_EVERY ?? null,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
  };
  if (production) assertProductionReady(config, env);
  return config;
}

function stripeConfig(env: Env): Config['stripe'] {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey } = env;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET;
  const given = [secretKey, publishableKey, webhookSecret].filter(Boolean).length;
  if (given === 0) return null;
  if (!secretKey || !publishableKey || !webhookSecret) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together',
    );
  }
  return { secretKey, publishableKey, webhookSecret };
}

function llmConfig(env: Env): Config['llm'] {
  const { LLM_BASE_URL: baseUrl, LLM_API_KEY: apiKey, LLM_MODEL: model } = env;
  if (!baseUrl && !apiKey && !model) return null;
  if (!baseUrl || !model) {
    throw new ConfigError('Invalid configuration:\n  LLM_BASE_URL and LLM_MODEL must be set together');
  }
  return { baseUrl, apiKey: apiKey ?? '', model, contextTokens: env.LLM_CONTEXT_TOKENS };
}

/** Production refuses emulator settings and missing secrets. */
function assertProductionReady(config: Config, env: Env): void {
  const problems: string[] = [];
  if (env.FIREBASE_PROJECT_ID.startsWith('demo-'))
    problems.push('FIREBASE_PROJECT_ID: a demo- project is the local emulator; set your Firebase project id');
  if (env.FIREBASE_AUTH_EMULATOR_HOST)
    problems.push('FIREBASE_AUTH_EMULATOR_HOST: the emulator cannot be used in production');
  if (!env.FIREBASE_API_KEY) problems.push('FIREBASE_API_KEY: required in production');
  if (!env.GOOGLE_APPLICATION_CREDENTIALS)
    problems.push('GOOGLE_APPLICATION_CREDENTIALS: required in production (a Firebase service account file)');
  if (!config.stripe)
    problems.push(
      'STRIPE_SECRET_KEY: required in production (with STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET)',
    );
  if (!env.APP_SECRET) problems.push('APP_SECRET: required in production (32+ random characters)');
  if (!env.PUBLIC_URL) problems.push('PUBLIC_URL: required in production');
  if (config.allowPrivateUrls)
    problems.push(
      'ALLOW_PRIVATE_URLS: must be off in production (website sources and webhooks could reach internal hosts)',
    );
  if (problems.length > 0) {
    throw new ConfigError(`Refusing to start in production:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}
