/**
 * Signed webhooks (issue 46 point 4, decision 112): an owner's HTTPS endpoints per bot, each with the events it
 * wants, delivered as durable jobs and signed the Standard Webhooks way.
 */
export const WEBHOOK_EVENTS = ['visitor_request.created', 'question.missed', 'conversation.ended'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_URL_MAX = 2_000;
/** Every secret starts so (Standard Webhooks): the rest is the base64 of the HMAC key. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** A conversation is over when no message came for this long: then `conversation.ended` goes out. */
export const CONVERSATION_QUIET_MS = 30 * 60_000;
/** Attempts per delivery; with the back-off (30 s doubling, capped at an hour) they span about five hours. */
export const WEBHOOK_MAX_ATTEMPTS = 12;
/** One attempt's whole time: connect, send, and the answer's first bytes. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The most of a receiver's answer read (and kept for the log). */
export const WEBHOOK_RESPONSE_MAX_BYTES = 4_096;
/** Deliveries the log lists, newest first. */
export const WEBHOOK_DELIVERIES_SHOWN = 50;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
/** The first retry's delay; each next one doubles, up to WEBHOOK_RETRY_MAX_MS. */
export const WEBHOOK_RETRY_BASE_MS = 30_000;
export const WEBHOOK_RETRY_MAX_MS = 60 * 60_000;
