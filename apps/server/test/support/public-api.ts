import type { LightMyRequestResponse } from 'fastify';
import {
  API_ERROR,
  API_KEY_SCOPES,
  ERROR_CODES,
  PUBLIC_API,
  createdApiKeySchema,
  publicApiErrorSchema,
  publicApiPath,
  SSE_TYPE,
  type ApiKeyScope,
} from '@vuxo/shared';
import { isPublicApi, publicCodeOf } from '../../src/http/public-api-errors.js';
import { redisClient, whenReady } from '../../src/adapters/redis/redis-client.js';
import { usageDay } from '../../src/services/chat-usage.js';
import { scaledStack } from './databases.js';
import { bearer, type TestApp } from './test-app.js';

/** The public API's calls for its tests: the owner's keys, and requests made with a key. */

export const keysUrl = (botId: string) => publicApiPath(PUBLIC_API.keys, { botId });
export const keyUrl = (botId: string, keyId: string) => publicApiPath(PUBLIC_API.key, { botId, keyId });
export const messagesUrl = (botId: string) => publicApiPath(PUBLIC_API.messages, { botId });
export const conversationsUrl = (botId: string) => publicApiPath(PUBLIC_API.conversations, { botId });
export const conversationUrl = (botId: string, conversationId: string) =>
  publicApiPath(PUBLIC_API.conversation, { botId, conversationId });
export const documentsUrl = (botId: string) => publicApiPath(PUBLIC_API.documents, { botId });
export const documentUrl = (botId: string, documentId: string) =>
  publicApiPath(PUBLIC_API.document, { botId, documentId });
export const webhooksUrl = (botId: string) => publicApiPath(PUBLIC_API.webhooks, { botId });
export const webhookUrl = (botId: string, webhookId: string) =>
  publicApiPath(PUBLIC_API.webhook, { botId, webhookId });
export const deliveriesUrl = (botId: string, webhookId: string) =>
  publicApiPath(PUBLIC_API.webhookDeliveries, { botId, webhookId });
export const resendUrl = (botId: string, webhookId: string, deliveryId: string) =>
  publicApiPath(PUBLIC_API.webhookResend, { botId, webhookId, deliveryId });

/** The owner creates a key (201); returns it with its id. */
export async function createKey(
  t: TestApp,
  owner: { token: string },
  botId: string,
  scopes: ApiKeyScope[] = [...API_KEY_SCOPES],
  name = 'Zapier',
) {
  const res = await t.app.inject({
    method: 'POST',
    url: keysUrl(botId),
    headers: bearer(owner.token),
    payload: { name, scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return createdApiKeySchema.parse(res.json());
}

/** A message sent with a key. */
export const sendMessage = (
  t: TestApp,
  key: string,
  botId: string,
  payload: Record<string, unknown>,
  remoteAddress = '10.77.0.1',
) => t.app.inject({ method: 'POST', url: messagesUrl(botId), headers: bearer(key), payload, remoteAddress });

/** The status and `{ error: { code } }` of a refusal, checked to be the public API's one shape. */
export function refusal(res: LightMyRequestResponse): { status: number; code: string } {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = publicApiErrorSchema.parse(res.json());
  expect(body.error.message.length).toBeGreaterThan(0);
  return { status: res.statusCode, code: body.error.code };
}

/**
 * Sets a daily count where the app keeps it (chat_usage, or Redis in the scaled stack's pass), as if `count`
 * messages had been counted today: a key's allowance of thousands is reached without sending them.
 */
export async function setDailyCount(t: TestApp, botId: string, key: string, count: number): Promise<void> {
  const day = usageDay();
  if (scaledStack()) {
    const redis = redisClient(t.config.redisUrl!, { keyPrefix: t.config.redisKeyPrefix });
    try {
      await whenReady(redis);
      await redis.set(`usage:{${botId}}:${day}:${key}`, String(count), 'EX', 3600);
    } finally {
      redis.disconnect();
    }
    return;
  }
  await t.database.db
    .insertInto('chat_usage')
    .values({ bot_id: botId, visitor_id: key, day, count })
    .onConflict((oc) => oc.columns(['bot_id', 'visitor_id', 'day']).doUpdateSet({ count }))
    .execute();
}

/** Server-Sent Events as a client reads them: each event's name and parsed data. */
export function eventsOf(res: LightMyRequestResponse): { event: string; data: unknown }[] {
  expect(res.headers['content-type']).toBe(SSE_TYPE);
  return res.body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? '';
      const data = /^data: (.+)$/m.exec(block)?.[1] ?? 'null';
      return { event, data: JSON.parse(data) as unknown };
    });
}

/**
 * A refusal as `route` words it: the product's `{ error, code? }`, or under /api/v1 the public API's
 * `{ error: { code, message } }` (decision 108), its code mapped as the server maps it.
 */
export function inShapeOf(route: string, status: number, body: object): object {
  if (!isPublicApi(route.split(' ')[1] ?? '')) return body;
  const { error, code } = body as { error: unknown; code?: string };
  const mapped = code === ERROR_CODES.botNotFound ? API_ERROR.notFound : publicCodeOf(status, code);
  return { error: { code: mapped, message: error } };
}
