import type { Kysely } from 'kysely';
import {
  BOT_ADMIN_MSG,
  ERROR_CODES,
  KEY_FACT_KINDS,
  type KeyFactKind,
  type KeyFactsResponse,
  type KeyFactsValue,
} from '@vuxo/shared';
import { botsRepository, type BotsRepository } from '../db/bots-repository.js';
import type { Database } from '../db/schema.js';
import type { KeyFacts } from '../engine/facts/index.js';
import {
  editsBetween,
  effectiveKeyFacts,
  NO_KEY_FACTS,
  type KeyFactEdits,
} from '../engine/facts/effective.js';
import { AppError } from '../errors.js';
import { LruMap } from '../lru-map.js';
import type { User } from './users.js';

export interface BotKeyFactsDeps {
  db: Kysely<Database>;
  bots: BotsRepository;
  /** The key facts the bot's current index holds (read from the answer engine's cache); null before any build. */
  extractedFacts: (botId: string, indexVersion: string) => Promise<KeyFacts | null>;
}

/** Bots whose edits are kept in memory (each keyed by its corrections version). */
const EDITS_CACHE_BOTS = 1000;

const botNotFound = () => new AppError('notFound', BOT_ADMIN_MSG.botNotFound, ERROR_CODES.botNotFound);

function parseEdits(stored: string | undefined): KeyFactEdits | null {
  if (!stored) return null;
  const value = JSON.parse(stored) as KeyFactEdits;
  return Object.keys(value).length > 0 ? value : null;
}

/**
 * "What your bot knows": the key facts read from the bot's document, with the owner's corrections over them. The
 * owner's edits are stored per kind of fact, apart from the index, so a rebuild changes only the kinds the owner
 * did not edit (decision 039); every save bumps the bot's corrections version, which the chat reads with the bot.
 */
export function botKeyFactsService(deps: BotKeyFactsDeps) {
  const { db, bots } = deps;
  const cache = new LruMap<string, { version: string; edits: KeyFactEdits | null }>(EDITS_CACHE_BOTS);

  async function readEdits(botId: string): Promise<KeyFactEdits | null> {
    const row = await db
      .selectFrom('bot_fact_edits')
      .select('edits')
      .where('bot_id', '=', botId)
      .executeTakeFirst();
    return parseEdits(row?.edits);
  }

  async function ownBot(user: User, botId: string) {
    return botWithIndex(bots.ownedBy(user.id, botId));
  }

  async function botWithIndex(found: ReturnType<BotsRepository['live']>) {
    const bot = await found
      .leftJoin('bot_indexes', 'bot_indexes.bot_id', 'bots.id')
      .select(['bots.id', 'bots.index_version', 'bots.status', 'bot_indexes.bot_id as indexed'])
      .executeTakeFirst();
    if (!bot) throw botNotFound();
    // Still reading its document for the first time; a build that failed reads nothing more (the owner may add).
    return { ...bot, reading: bot.indexed === null && bot.status !== 'error' };
  }

  async function view(
    botId: string,
    indexVersion: string,
    indexed: boolean,
    ready: boolean,
  ): Promise<KeyFactsResponse> {
    const extracted = indexed ? await deps.extractedFacts(botId, indexVersion) : null;
    const edits = await readEdits(botId);
    const facts = effectiveKeyFacts(extracted, edits) ?? NO_KEY_FACTS;
    return {
      ready,
      facts,
      edited: KEY_FACT_KINDS.filter((kind: KeyFactKind) => edits?.[kind] !== undefined),
    };
  }

  return {
    /** The owner's edits of a bot, read once per corrections version (the chat asks on every message). */
    async editsOf(botId: string, version: string): Promise<KeyFactEdits | null> {
      const cached = cache.get(botId);
      if (cached && cached.version === version) return cached.edits;
      const edits = await readEdits(botId);
      cache.set(botId, { version, edits });
      return edits;
    },

    async keyFacts(user: User, botId: string): Promise<KeyFactsResponse> {
      const bot = await ownBot(user, botId);
      return view(bot.id, bot.index_version, bot.indexed !== null, !bot.reading);
    },

    /** The same view for a caller the bot's API key let in (the MCP resource; decision 113). */
    async ofBot(botId: string): Promise<KeyFactsResponse> {
      const bot = await botWithIndex(bots.live().where('bots.id', '=', botId));
      return view(bot.id, bot.index_version, bot.indexed !== null, !bot.reading);
    },

    /**
     * Stores the facts as the owner wants them: the kinds that differ from the document's are the owner's, the
     * others keep following the document. One transaction with the version bump: nothing half-written.
     */
    async save(user: User, request: { botId: string; facts: KeyFactsValue }): Promise<KeyFactsResponse> {
      const bot = await ownBot(user, request.botId);
      const indexed = bot.indexed !== null;
      const extracted = indexed ? await deps.extractedFacts(bot.id, bot.index_version) : null;
      const edits = editsBetween(extracted, request.facts as KeyFacts);
      const now = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('bot_fact_edits').where('bot_id', '=', bot.id).execute();
        if (Object.keys(edits).length > 0) {
          await trx
            .insertInto('bot_fact_edits')
            .values({ bot_id: bot.id, edits: JSON.stringify(edits), updated_at: now })
            .execute();
        }
        await botsRepository(trx).touchCorrections(bot.id);
      });
      cache.delete(bot.id);
      return view(bot.id, bot.index_version, indexed, !bot.reading);
    },
  };
}
export type BotKeyFactsService = ReturnType<typeof botKeyFactsService>;
