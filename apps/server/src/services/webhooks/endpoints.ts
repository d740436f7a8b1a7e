import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  API_ERROR,
  PUBLIC_API_MSG,
  WEBHOOK_DELIVERIES_SHOWN,
  WEBHOOK_MSG,
  WEBHOOK_SECRET_PREFIX,
  type CreatedWebhook,
  type Webhook,
  type WebhookDeliveriesResponse,
  type WebhookEvent,
  type WebhooksResponse,
} from '@vuxo/shared';
import { WebhookAddressError, type WebhookPoster } from '../../adapters/webhooks/post-webhook.js';
import type { BotsRepository } from '../../db/bots-repository.js';
import { lockBot } from '../../db/bot-lock.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import { currentPlan } from '../plans.js';
import type { User } from '../users.js';
import { eventsOf, type WebhookDeliveries } from './deliveries.js';

const notFound = (message: string) => new AppError('notFound', message, API_ERROR.notFound);

type EndpointRow = { id: string; url: string; events: string; created_at: string };
const webhookOf = (row: EndpointRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: eventsOf(row.events),
  createdAt: row.created_at,
});

/** A bot's webhook endpoints as its owner manages them (decision 112), and their delivery log. */
export function webhookEndpointsService(deps: {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  bots: BotsRepository;
  poster: WebhookPoster;
  deliveries: WebhookDeliveries;
}) {
  const { db, dialect, bots } = deps;

  async function ownBot(user: User, botId: string): Promise<void> {
    const bot = await bots.ownedBy(user.id, botId).select('bots.id').executeTakeFirst();
    if (!bot) throw notFound(PUBLIC_API_MSG.botNotFound);
  }

  async function ownEndpoint(user: User, botId: string, webhookId: string): Promise<void> {
    await ownBot(user, botId);
    const row = await db
      .selectFrom('webhooks')
      .select('id')
      .where('id', '=', webhookId)
      .where('bot_id', '=', botId)
      .executeTakeFirst();
    if (!row) throw notFound(WEBHOOK_MSG.webhookNotFound);
  }

  /** The address guard of website sources, asked now; a refusal is the owner's 400. */
  async function checkAddress(url: string): Promise<void> {
    try {
      await deps.poster.check(url);
    } catch (error) {
      if (!(error instanceof WebhookAddressError)) throw error;
      const code = error.reason === 'addressRefused' ? API_ERROR.addressRefused : API_ERROR.invalidRequest;
      throw new AppError('invalid', WEBHOOK_MSG[error.reason], code);
    }
  }

  const endpointsOf = (botId: string) => db.selectFrom('webhooks').where('bot_id', '=', botId);

  return {
    async list(user: User, botId: string): Promise<WebhooksResponse> {
      await ownBot(user, botId);
      const rows = await endpointsOf(botId)
        .select(['id', 'url', 'events', 'created_at'])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return { webhooks: rows.map(webhookOf), maxWebhooks: (await currentPlan(db, user.id)).webhooks };
    },

    async create(
      user: User,
      botId: string,
      input: { url: string; events: WebhookEvent[] },
    ): Promise<CreatedWebhook> {
      await ownBot(user, botId);
      const plan = await currentPlan(db, user.id);
      if (plan.webhooks === 0)
        throw new AppError('forbidden', WEBHOOK_MSG.planRequired(plan.name), API_ERROR.planRequired);
      await checkAddress(input.url);
      const row = {
        id: newId('wh'),
        bot_id: botId,
        url: input.url,
        events: JSON.stringify(input.events),
        secret: `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`,
        created_at: new Date().toISOString(),
      };
      await db.transaction().execute(async (trx) => {
        await lockBot(trx, dialect, botId);
        const { count } = await trx
          .selectFrom('webhooks')
          .where('bot_id', '=', botId)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow();
        if (Number(count) >= plan.webhooks)
          throw new AppError(
            'forbidden',
            WEBHOOK_MSG.limitReached(plan.webhooks),
            API_ERROR.webhookLimitReached,
          );
        await trx.insertInto('webhooks').values(row).execute();
      });
      return { ...webhookOf(row), secret: row.secret };
    },

    /** Deleted with its log: a delivery still queued finds no endpoint and is dropped. */
    async remove(user: User, botId: string, webhookId: string): Promise<void> {
      await ownEndpoint(user, botId, webhookId);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('webhook_deliveries').where('webhook_id', '=', webhookId).execute();
        await trx.deleteFrom('webhooks').where('id', '=', webhookId).execute();
      });
    },

    async deliveries(user: User, botId: string, webhookId: string): Promise<WebhookDeliveriesResponse> {
      await ownEndpoint(user, botId, webhookId);
      const rows = await db
        .selectFrom('webhook_deliveries')
        .select(['id', 'event', 'status', 'attempts', 'response_status', 'created_at', 'last_attempt_at'])
        .where('webhook_id', '=', webhookId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(WEBHOOK_DELIVERIES_SHOWN)
        .execute();
      return {
        deliveries: rows.map((row) => ({
          id: row.id,
          event: row.event as WebhookEvent,
          status: row.status,
          attempts: Number(row.attempts),
          responseStatus: row.response_status === null ? null : Number(row.response_status),
          createdAt: row.created_at,
          lastAttemptAt: row.last_attempt_at,
        })),
      };
    },

    /** Sends a delivery again, with its id and body (a receiver that keeps ids drops it as a repeat). */
    async resend(user: User, botId: string, webhookId: string, deliveryId: string): Promise<void> {
      await ownEndpoint(user, botId, webhookId);
      const outcome = await deps.deliveries.resend(webhookId, deliveryId);
      if (outcome === 'missing') throw notFound(WEBHOOK_MSG.deliveryNotFound);
      if (outcome === 'pending')
        throw new AppError('conflict', WEBHOOK_MSG.alreadyPending, API_ERROR.conflict);
    },
  };
}
export type WebhookEndpointsService = ReturnType<typeof webhookEndpointsService>;
