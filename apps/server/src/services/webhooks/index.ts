import type { Kysely } from 'kysely';
import {
  CONVERSATION_QUIET_MS,
  WEBHOOK_RESPONSE_MAX_BYTES,
  WEBHOOK_RETRY_BASE_MS,
  WEBHOOK_RETRY_MAX_MS,
  WEBHOOK_TIMEOUT_MS,
} from '@vuxo/shared';
import { webhookPoster } from '../../adapters/webhooks/post-webhook.js';
import type { BotsRepository } from '../../db/bots-repository.js';
import type { Database } from '../../db/schema.js';
import { exponentialBackoff, jobQueue } from '../../jobs/job-queue.js';
import { createWorker, type JobLogger } from '../../jobs/worker.js';
import { webhookDeliveries } from './deliveries.js';
import { webhookEndpointsService } from './endpoints.js';

/** Webhook tuning for tests; production uses the defaults. */
export interface WebhookOptions {
  /** How long a conversation is quiet before `conversation.ended` (CONVERSATION_QUIET_MS). */
  quietMs?: number;
  /** The delay before a failed delivery's next attempt (30 s doubling, capped at an hour). */
  retryDelayMs?: (attempts: number) => number;
}

/**
 * A killed process's delivery is made again once this lease runs out; the worker renews it while an attempt
 * (at most WEBHOOK_TIMEOUT_MS) runs.
 */
const WEBHOOK_LEASE_MS = 9_000;

/**
 * Webhooks (decision 112) with their own worker on the job table, as mail has (decision 067): a slow receiver
 * never holds up a bot build, and a killed process's delivery is resumed soon after.
 */
export function webhooks(deps: {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  bots: BotsRepository;
  allowPrivate: boolean;
  logger: JobLogger;
  options?: WebhookOptions;
}) {
  const options = deps.options ?? {};
  const retryDelayMs =
    options.retryDelayMs ?? exponentialBackoff(WEBHOOK_RETRY_BASE_MS, WEBHOOK_RETRY_MAX_MS);
  const queue = jobQueue(deps.db, deps.dialect, { retryDelayMs });
  const poster = webhookPoster({
    allowPrivate: deps.allowPrivate,
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    maxResponseBytes: WEBHOOK_RESPONSE_MAX_BYTES,
  });
  const deliveries = webhookDeliveries({
    db: deps.db,
    queue,
    poster,
    quietMs: options.quietMs ?? CONVERSATION_QUIET_MS,
    logger: deps.logger,
    wake: () => worker.wake(),
  });
  const worker = createWorker({
    queue,
    handlers: deliveries.handlers,
    leaseMs: WEBHOOK_LEASE_MS,
    concurrency: 2,
    logger: deps.logger,
  });
  const endpoints = webhookEndpointsService({
    db: deps.db,
    dialect: deps.dialect,
    bots: deps.bots,
    poster,
    deliveries,
  });
  return { deliveries, endpoints, worker };
}
export type Webhooks = ReturnType<typeof webhooks>;
