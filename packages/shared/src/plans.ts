import { DOCUMENT_MAX_BYTES } from './limits.js';
import {
  SOURCE_PAGE_MAX_BYTES,
  SOURCE_REFRESH_DAILY,
  SOURCE_REFRESH_WEEKLY,
  type SourceAllowance,
} from './sources.js';

/** The plan table. */
export type PlanKey = 'trial' | 'basic' | 'pro' | 'enterprise';
/** The plans bought by card; Enterprise is arranged by contract. */
export type CardPlanKey = 'basic' | 'pro';

/** The currency the plans are billed in (Stripe's lower-case code). */
export const PLAN_CURRENCY = 'cad';

export interface Plan {
  key: PlanKey;
  name: string;
  priceText: string;
  /** Monthly price in cents; null when free or on request. */
  amountCents: number | null;
  /** Maximum number of bots; null means unlimited. */
  maxBots: number | null;
  phoneBot: boolean;
  /** Whether the owner may delete bots: not on the Free Trial (specification, the dashboard's Upgrade dialog). */
  canDeleteBots: boolean;
  /** The largest document an owner on this plan may upload. */
  documentMaxBytes: number;
  /** Scanned pages (and photos) read by OCR in one document; more are refused with a message naming the cap. */
  ocrMaxPages: number;
  /** The owner's charts of a bot's activity: none, the last 30 days, or also 12 months and hours of the day. */
  analytics: AnalyticsLevel;
  /** Documents per bot (the one the wizard uploads included), counted as `sources.maxSources` counts addresses. */
  maxDocuments: number;
  /** Website pages as sources: "up to 5 URLs" (Basic), "search URLs" (a whole site, Pro). */
  sources: SourceAllowance;
  /** The public API (decision 108): keys per bot, and each key's requests a minute and messages a day. */
  api: ApiAllowance;
  /** Webhook endpoints per bot (decision 112); 0 where the plan has no API keys. */
  webhooks: number;
  features: string[];
}

export interface ApiAllowance {
  /** 0: the plan has no API keys. */
  maxKeys: number;
  requestsPerMinute: number;
  messagesPerDay: number;
}

export const ANALYTICS_LEVELS = ['none', 'basic', 'advanced'] as const;
export type AnalyticsLevel = (typeof ANALYTICS_LEVELS)[number];

export const TRIAL_PLAN_NAME = 'Free Trial';

export const PLANS: Record<PlanKey, Plan> = {
  trial: {
    key: 'trial',
    name: TRIAL_PLAN_NAME,
    priceText: 'Free',
    amountCents: null,
    maxBots: 1,
    phoneBot: false,
    canDeleteBots: false,
    documentMaxBytes: DOCUMENT_MAX_BYTES,
    ocrMaxPages: 5,
    analytics: 'none',
    maxDocuments: 1,
    sources: { maxSources: 0, siteCrawl: false, crawlMaxPages: 0, maxBytes: 0, refreshEverySeconds: null },
    api: { maxKeys: 0, requestsPerMinute: 0, messagesPerDay: 0 },
    webhooks: 0,
    features: ['one text chatbot', 'document upload 5MB'],
  },
  basic: {
    key: 'basic',
    name: 'Basic',
    priceText: '$19/mo',
    amountCents: 1900,
    maxBots: 3,
    phoneBot: false,
    canDeleteBots: true,
    documentMaxBytes: 10 * 1024 * 1024,
    ocrMaxPages: 20,
    analytics: 'basic',
    maxDocuments: 3,
    sources: {
      maxSources: 5,
      siteCrawl: false,
      crawlMaxPages: 1,
      maxBytes: SOURCE_PAGE_MAX_BYTES,
      refreshEverySeconds: SOURCE_REFRESH_WEEKLY,
    },
    api: { maxKeys: 3, requestsPerMinute: 30, messagesPerDay: 1_000 },
    webhooks: 3,
    features: [
      'standard text chatbot',
      'up to 5 URLs',
      'document upload 10MB',
      'email support',
      'basic analytics',
    ],
  },
  pro: {
    key: 'pro',
    name: 'Pro',
    priceText: '$49/mo',
    amountCents: 4900,
    maxBots: 10,
    phoneBot: true,
    canDeleteBots: true,
    documentMaxBytes: 100 * 1024 * 1024,
    ocrMaxPages: 50,
    analytics: 'advanced',
    maxDocuments: 10,
    sources: {
      maxSources: 10,
      siteCrawl: true,
      crawlMaxPages: 100,
      maxBytes: 50 * 1024 * 1024,
      refreshEverySeconds: SOURCE_REFRESH_DAILY,
    },
    api: { maxKeys: 10, requestsPerMinute: 120, messagesPerDay: 10_000 },
    webhooks: 10,
    features: [
      'advanced text chatbot',
      'phone robot option',
      'search URLs',
      'document upload 100MB',
      'priority support',
      'advanced analytics',
    ],
  },
  enterprise: {
    key: 'enterprise',
    name: 'Enterprise',
    priceText: 'Contact Us',
    amountCents: null,
    maxBots: null,
    phoneBot: true,
    canDeleteBots: true,
    // "Unlimited uploads": as many documents as bots, which are unlimited; each as large as the server reads.
    documentMaxBytes: 100 * 1024 * 1024,
    ocrMaxPages: 100,
    analytics: 'advanced',
    maxDocuments: 50,
    sources: {
      maxSources: 50,
      siteCrawl: true,
      crawlMaxPages: 500,
      maxBytes: 200 * 1024 * 1024,
      refreshEverySeconds: SOURCE_REFRESH_DAILY,
    },
    api: { maxKeys: 50, requestsPerMinute: 600, messagesPerDay: 100_000 },
    webhooks: 25,
    features: [
      'custom text and phone robots',
      'dedicated infrastructure',
      'unlimited uploads',
      'dedicated account manager',
      'API access',
      'custom integrations',
    ],
  },
};

/** The largest document any plan allows: the server reads no upload above it. */
export const DOCUMENT_MAX_BYTES_ANY_PLAN = Math.max(
  ...Object.values(PLANS).map((plan) => plan.documentMaxBytes),
);

/** The most scanned pages any plan reads: the extraction's time limit is sized for it. */
export const OCR_MAX_PAGES_ANY_PLAN = Math.max(...Object.values(PLANS).map((plan) => plan.ocrMaxPages));

export function isTrialPlanName(name: string): boolean {
  return name.toLowerCase() === TRIAL_PLAN_NAME.toLowerCase();
}
