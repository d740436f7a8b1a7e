import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  API_ERROR,
  API_KEY_PREFIX,
  API_KEY_SCOPES,
  API_KEY_SHOWN_CHARS,
  PUBLIC_API_MSG,
  type ApiKey,
  type ApiKeyScope,
  type ApiKeysResponse,
  type CreatedApiKey,
  type Plan,
} from '@vuxo/shared';
import type { BotsRepository } from '../../db/bots-repository.js';
import { lockBot } from '../../db/bot-lock.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import { currentPlan } from '../plans.js';
import type { User } from '../users.js';

/** Who calls the public API with a key: the key, its bot, the bot's owner and the owner's plan now. */
export interface ApiPrincipal {
  keyId: string;
  botId: string;
  userId: string;
  scopes: ApiKeyScope[];
  plan: Plan;
}

/**
 * A key is 192 random bits: a fast hash cannot be reversed or guessed from, and finds the key in one indexed
 * look-up (a slow password hash would cost every API call; decision 108).
 */
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** last_used_at is written at most this often per key, so a busy key does not write its row on every call. */
const LAST_USED_PRECISION_MS = 60_000;

const botNotFound = () => new AppError('notFound', PUBLIC_API_MSG.botNotFound, API_ERROR.notFound);
const keyInvalid = () =>
  new AppError('unauthenticated', PUBLIC_API_MSG.keyInvalid, API_ERROR.unauthenticated);

const scopesOf = (json: string): ApiKeyScope[] => {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed)
    ? parsed.filter((s): s is ApiKeyScope => (API_KEY_SCOPES as readonly unknown[]).includes(s))
    : [];
};

type KeyRow = {
  id: string;
  name: string;
  prefix: string;
  scopes: string;
  created_at: string;
  last_used_at: string | null;
};
const keyOf = (row: KeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: scopesOf(row.scopes),
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

/** A bot's API keys: the owner creates, lists and revokes them; a request's key is resolved to its principal. */
export function apiKeysService(deps: {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  bots: BotsRepository;
}) {
  const { db, dialect, bots } = deps;

  async function ownBot(user: User, botId: string): Promise<void> {
    const bot = await bots.ownedBy(user.id, botId).select('bots.id').executeTakeFirst();
    if (!bot) throw botNotFound();
  }

  const activeKeys = (botId: string) =>
    db.selectFrom('api_keys').where('bot_id', '=', botId).where('revoked_at', 'is', null);

  return {
    async list(user: User, botId: string): Promise<ApiKeysResponse> {
      await ownBot(user, botId);
      const rows = await activeKeys(botId)
        .select(['id', 'name', 'prefix', 'scopes', 'created_at', 'last_used_at'])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return { keys: rows.map(keyOf), maxKeys: (await currentPlan(db, user.id)).api.maxKeys };
    },

    async create(
      user: User,
      botId: string,
      input: { name: string; scopes: ApiKeyScope[] },
    ): Promise<CreatedApiKey> {
      await ownBot(user, botId);
      const plan = await currentPlan(db, user.id);
      const { maxKeys } = plan.api;
      if (maxKeys === 0)
        throw new AppError('forbidden', PUBLIC_API_MSG.planRequired(plan.name), API_ERROR.planRequired);
      const key = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
      const row = {
        id: newId('key'),
        bot_id: botId,
        user_id: user.id,
        name: input.name,
        prefix: key.slice(0, API_KEY_SHOWN_CHARS),
        key_hash: hashKey(key),
        scopes: JSON.stringify(input.scopes),
        created_at: new Date().toISOString(),
        last_used_at: null,
      };
      await db.transaction().execute(async (trx) => {
        await lockBot(trx, dialect, botId);
        const { count } = await trx
          .selectFrom('api_keys')
          .where('bot_id', '=', botId)
          .where('revoked_at', 'is', null)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow();
        if (Number(count) >= maxKeys)
          throw new AppError('forbidden', PUBLIC_API_MSG.keyLimitReached(maxKeys), API_ERROR.keyLimitReached);
        await trx.insertInto('api_keys').values(row).execute();
      });
      return { ...keyOf(row), key };
    },

    /** Revoked at once: the next request with the key is refused. */
    async revoke(user: User, botId: string, keyId: string): Promise<void> {
      await ownBot(user, botId);
      const result = await activeKeys(botId).where('id', '=', keyId).select('id').executeTakeFirst();
      if (!result) throw new AppError('notFound', PUBLIC_API_MSG.keyNotFound, API_ERROR.notFound);
      await db
        .updateTable('api_keys')
        .set({ revoked_at: new Date().toISOString() })
        .where('id', '=', keyId)
        .execute();
    },

    /**
     * The principal of a key sent for `botId`: refused (401) when the key is unknown or revoked, or its bot is gone
     * or no longer its owner's; a key of another bot is that bot's 404, as an unknown bot. `null` for a route that
     * names no bot (the MCP server, decision 113): the key's own.
     */
    async authenticate(key: string, botId: string | null, now = new Date()): Promise<ApiPrincipal> {
      // A deleted bot's keys are refused with it: the bot is read among the live ones.
      const row = await bots
        .live()
        .innerJoin('api_keys', 'api_keys.bot_id', 'bots.id')
        .select([
          'api_keys.id',
          'api_keys.bot_id',
          'api_keys.user_id',
          'api_keys.scopes',
          'api_keys.last_used_at',
          'bots.user_id as owner_id',
        ])
        .where('api_keys.key_hash', '=', hashKey(key))
        .where('api_keys.revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row || row.owner_id !== row.user_id) throw keyInvalid();
      if (botId !== null && row.bot_id !== botId) throw botNotFound();
      const last = row.last_used_at ? Date.parse(row.last_used_at) : 0;
      if (now.getTime() - last >= LAST_USED_PRECISION_MS) {
        await db
          .updateTable('api_keys')
          .set({ last_used_at: now.toISOString() })
          .where('id', '=', row.id)
          .execute();
      }
      return {
        keyId: row.id,
        botId: row.bot_id,
        userId: row.user_id,
        scopes: scopesOf(row.scopes),
        plan: await currentPlan(db, row.user_id, now),
      };
    },
  };
}
export type ApiKeysService = ReturnType<typeof apiKeysService>;
