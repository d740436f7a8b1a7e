import type { Kysely } from 'kysely';
import { Webhook as Signer } from 'standardwebhooks';
import { WEBHOOK_EVENTS, WEBHOOK_MAX_ATTEMPTS, type WebhookEvent } from '@vuxo/shared';
import type { WebhookPoster } from '../../adapters/webhooks/post-webhook.js';
import type { Database } from '../../db/schema.js';
import { newId } from '../../ids.js';
import { errorText, type JobQueue } from '../../jobs/job-queue.js';
import type { JobHandler, JobLogger } from '../../jobs/worker.js';
import { currentPlan } from '../plans.js';

/** An endpoint's events as stored (a JSON array), unknown names dropped. */
export const eventsOf = (json: string): WebhookEvent[] => {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed)
    ? parsed.filter((e): e is WebhookEvent => (WEBHOOK_EVENTS as readonly unknown[]).includes(e))
    : [];
};

export const WEBHOOK_DELIVERY_JOB = 'webhook.deliver';
export const CONVERSATION_QUIET_JOB = 'webhook.conversation-quiet';

/** What a webhook's body says, as Standard Webhooks suggests: the event, when it happened, and its data. */
export interface WebhookBody {
  type: WebhookEvent;
  timestamp: string;
  data: Record<string, unknown>;
}

interface DeliveriesDeps {
  db: Kysely<Database>;
  queue: JobQueue;
  poster: WebhookPoster;
  /** How long a conversation is quiet before `conversation.ended` goes out. */
  quietMs: number;
  logger: JobLogger;
  /** Called once a delivery is queued, so the worker sends it at once. */
  wake(): void;
}

/**
 * Webhook deliveries (decision 112). An event is written as one delivery row per endpoint that wants it, with its
 * job in the same transaction; the job signs the stored body anew at each attempt (the timestamp is the attempt's)
 * and marks the row delivered on a 2xx. The row's id is the `webhook-id` on every attempt and resend, so a
 * receiver can drop repeats; a killed process's attempt is made again when its lease runs out.
 */
export function webhookDeliveries(deps: DeliveriesDeps) {
  const { db, queue, poster } = deps;

  /** The bot's endpoints that want `event`, none once the owner's plan has no webhooks. */
  async function endpointsFor(botId: string, event: WebhookEvent) {
    const rows = await db
      .selectFrom('webhooks')
      .innerJoin('bots', 'bots.id', 'webhooks.bot_id')
      .select(['webhooks.id', 'webhooks.events', 'bots.user_id'])
      .where('webhooks.bot_id', '=', botId)
      .where('bots.deleted_at', 'is', null)
      .execute();
    const wanted = rows.filter((row) => eventsOf(row.events).includes(event));
    if (wanted.length === 0 || (await currentPlan(db, wanted[0]!.user_id)).webhooks === 0) return [];
    return wanted;
  }

  async function emit(botId: string, event: WebhookEvent, data: Record<string, unknown>): Promise<void> {
    const endpoints = await endpointsFor(botId, event);
    if (endpoints.length === 0) return;
    const now = new Date().toISOString();
    const body: WebhookBody = { type: event, timestamp: now, data: { botId, ...data } };
    await db.transaction().execute(async (trx) => {
      for (const endpoint of endpoints) {
        const id = newId('msg');
        await trx
          .insertInto('webhook_deliveries')
          .values({
            id,
            webhook_id: endpoint.id,
            event,
            payload: JSON.stringify(body),
            response_status: null,
            last_error: null,
            created_at: now,
            last_attempt_at: null,
          })
          .execute();
        await queue.enqueue(
          WEBHOOK_DELIVERY_JOB,
          { deliveryId: id },
          { trx, maxAttempts: WEBHOOK_MAX_ATTEMPTS },
        );
      }
    });
    deps.wake();
  }

  /** One attempt: signed now, sent, its outcome written to the log; anything but a 2xx is retried. */
  const deliver: JobHandler<{ deliveryId: string }> = {
    async run({ deliveryId }, { signal }) {
      const row = await db
        .selectFrom('webhook_deliveries')
        .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
        .select([
          'webhook_deliveries.payload',
          'webhook_deliveries.status',
          'webhooks.url',
          'webhooks.secret',
        ])
        .where('webhook_deliveries.id', '=', deliveryId)
        .executeTakeFirst();
      // Its endpoint was deleted, or it went out already (a resend's job and a retry cannot both send it).
      if (!row || row.status === 'delivered') return;
      const at = new Date();
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'Vuxo-Webhooks/1.0',
        'webhook-id': deliveryId,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': new Signer(row.secret).sign(deliveryId, at, row.payload),
      };
      let status: number | null = null;
      let failure: string | null = null;
      try {
        const answer = await poster.post({ url: row.url, headers, body: row.payload }, signal);
        status = answer.status;
        if (status < 200 || status > 299)
          failure = `The endpoint answered ${status}: ${answer.body.slice(0, 200)}`;
      } catch (error) {
        failure = errorText(error);
      }
      await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          status: failure === null ? 'delivered' : 'pending',
          attempts: eb('attempts', '+', 1),
          response_status: status,
          last_error: failure,
          last_attempt_at: at.toISOString(),
        }))
        .where('id', '=', deliveryId)
        .execute();
      if (failure !== null) throw new Error(failure);
    },
    async onGiveUp({ deliveryId }) {
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'failed' })
        .where('id', '=', deliveryId)
        .where('status', '=', 'pending')
        .execute();
    },
  };

  /** The quiet time ran out with no newer message: the conversation has ended. */
  const conversationQuiet: JobHandler<{ botId: string; conversationId: string; lastMessageAt: string }> = {
    async run({ botId, conversationId, lastMessageAt }) {
      await emit(botId, 'conversation.ended', { conversationId, lastMessageAt });
    },
  };

  return {
    emit,
    /** Fire and forget from a request's path: a failure to queue is logged, never the visitor's error. */
    emitLater(botId: string, event: WebhookEvent, data: Record<string, unknown>): void {
      emit(botId, event, data).catch((err: unknown) =>
        deps.logger.error({ err, botId, event }, 'webhook event could not be queued'),
      );
    },

    /**
     * A message in a conversation: `conversation.ended` is (re)scheduled for the quiet time after it, one job per
     * conversation whose time each message moves.
     */
    conversationActive(botId: string, conversationId: string, at = new Date()): void {
      const schedule = async () => {
        if ((await endpointsFor(botId, 'conversation.ended')).length === 0) return;
        const payload = { botId, conversationId, lastMessageAt: at.toISOString() };
        const runAfter = new Date(at.getTime() + deps.quietMs);
        await queue.schedule(CONVERSATION_QUIET_JOB, payload, `whq-${botId}-${conversationId}`, runAfter);
      };
      schedule().catch((err: unknown) =>
        deps.logger.error({ err, botId }, 'conversation end could not be scheduled'),
      );
    },

    /** Queues a finished delivery again; 'pending' while one is still being sent. */
    async resend(webhookId: string, deliveryId: string): Promise<'queued' | 'pending' | 'missing'> {
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('webhook_deliveries')
          .select('status')
          .where('id', '=', deliveryId)
          .where('webhook_id', '=', webhookId)
          .executeTakeFirst();
        if (!row) return 'missing' as const;
        const result = await trx
          .updateTable('webhook_deliveries')
          .set({ status: 'pending' })
          .where('id', '=', deliveryId)
          .where('status', '!=', 'pending')
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) return 'pending' as const;
        await queue.enqueue(WEBHOOK_DELIVERY_JOB, { deliveryId }, { trx, maxAttempts: WEBHOOK_MAX_ATTEMPTS });
        return 'queued' as const;
      });
      if (outcome === 'queued') deps.wake();
      return outcome;
    },

    /** The log holds visitors' words: it goes after the chat log's retention, as the messages do. */
    async removeExpired(retentionDays: number, now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
      const result = await db
        .deleteFrom('webhook_deliveries')
        .where('created_at', '<', cutoff)
        .where('status', '!=', 'pending')
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    handlers: {
      [WEBHOOK_DELIVERY_JOB]: deliver as JobHandler,
      [CONVERSATION_QUIET_JOB]: conversationQuiet as JobHandler,
    },
  };
}
export type WebhookDeliveries = ReturnType<typeof webhookDeliveries>;

/** What the chat and the visitor requests tell the webhooks. */
export type WebhookEvents = Pick<WebhookDeliveries, 'emitLater' | 'conversationActive'>;
