import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AnswerKindName, MissedReason } from '@vuxo/shared';
import type { Database, NewChatMessage } from '../db/schema.js';
import { LruMap } from '../lru-map.js';

/** One visitor message and the bot's answer, as the owner's log keeps it. */
export interface LoggedExchange {
  botId: string;
  visitorId: string;
  question: string;
  reply: string;
  kind: AnswerKindName;
  /** The labels of the parts of the document used ("Fees (page 3)"). */
  sources: string[];
  engine?: 'built-in' | 'llm';
  /** Why the model's answer was not used, or is cut short. */
  fallbackReason?: string | undefined;
  usage?: { promptTokens: number; cachedTokens: number; completionTokens: number } | undefined;
  /** Why the built-in engine declined it: for the owner's missed questions, never for visitors. */
  declineReason?: MissedReason | undefined;
  /** The owner's saved answer given, if one was. */
  correctionId?: string | undefined;
  /** Why the engine was unsure of the answer it gave: for the owner's review, never for visitors. */
  unsure?: MissedReason | undefined;
  /** The public API's messages name their conversation (and are logged as `api`); the widget's are its visitor's day. */
  api?: { conversationId: string };
}

/** Rows written together, at most; and how long a message waits to be written. */
const BATCH_MAX = 200;
const FLUSH_EVERY_MS = 200;
const CHUNK = 25;
/** Visitors whose pseudonym and conversation id are kept, so a message costs no hashing. */
const VISITORS_KEPT = 10_000;

const hash = (text: string, length: number) =>
  createHash('sha256').update(text).digest('base64url').slice(0, length);

/** A pseudonym of the visitor: the same visitor reads the same, and nothing of it leads back to them. */
export const visitorPseudonym = (visitorId: string) => hash(`visitor:${visitorId}`, 10);

/** A visitor's messages to one bot in one UTC day are one conversation. */
export const conversationIdOf = (botId: string, visitorId: string, at: Date) =>
  `c_${hash(`${botId}:${visitorId}:${at.toISOString().slice(0, 10)}`, 20)}`;

/**
 * The conversation log's writer. The chat reply never waits for it: messages are queued and written in
 * batches a moment later (and at shutdown, so a clean stop loses none). `flush` writes what is queued now.
 */
export function conversationLog(deps: {
  db: Kysely<Database>;
  logger: { error(details: object, message: string): void };
}) {
  const { db, logger } = deps;
  let queue: NewChatMessage[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  const visitors = new LruMap<string, { conversation: string; visitor: string }>(VISITORS_KEPT);
  /** When this process last logged a message to each bot (figures cached from the log read it). */
  const lastRecorded = new LruMap<string, number>(VISITORS_KEPT);

  async function write(rows: NewChatMessage[]): Promise<void> {
    try {
      // In chunks of one size: SQLite keeps the prepared insert (db/database.ts) instead of parsing a new one.
      for (let start = 0; start < rows.length; start += CHUNK) {
        await db
          .insertInto('chat_messages')
          .values(rows.slice(start, start + CHUNK))
          .execute();
      }
    } catch (error) {
      logger.error({ err: error, rows: rows.length }, 'conversation log: messages not written');
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = queue;
    queue = [];
    if (rows.length > 0) writing = writing.then(() => write(rows));
    return writing;
  }

  return {
    /** Queues the exchange and returns its id (the answer's `messageId`). */
    record(exchange: LoggedExchange, at = new Date()): string {
      // A random UUID comes from a pool: cheaper than the ids made one by one elsewhere (ids.ts).
      const id = `msg_${randomUUID().replace(/-/g, '')}`;
      const askedAt = at.toISOString();
      const key = `${exchange.botId}\u0000${exchange.visitorId}\u0000${askedAt.slice(0, 10)}`;
      let who = exchange.api
        ? { conversation: exchange.api.conversationId, visitor: visitorPseudonym(exchange.visitorId) }
        : visitors.get(key);
      if (!who) {
        who = {
          conversation: conversationIdOf(exchange.botId, exchange.visitorId, at),
          visitor: visitorPseudonym(exchange.visitorId),
        };
        visitors.set(key, who);
      }
      queue.push({
        id,
        bot_id: exchange.botId,
        conversation_id: who.conversation,
        visitor: who.visitor,
        question: exchange.question,
        reply: exchange.reply,
        kind: exchange.kind,
        sources: JSON.stringify(exchange.sources),
        vote: null,
        dismissed_at: null,
        asked_at: askedAt,
        engine: exchange.engine ?? null,
        fallback_reason: exchange.fallbackReason ?? null,
        prompt_tokens: exchange.usage?.promptTokens ?? null,
        cached_tokens: exchange.usage?.cachedTokens ?? null,
        completion_tokens: exchange.usage?.completionTokens ?? null,
        decline_reason: exchange.declineReason ? JSON.stringify(exchange.declineReason) : null,
        correction_id: exchange.correctionId ?? null,
        unsure_reason: exchange.unsure ? JSON.stringify(exchange.unsure) : null,
        source: exchange.api ? 'api' : 'widget',
      });
      lastRecorded.set(exchange.botId, at.getTime());
      if (queue.length >= BATCH_MAX) void flush();
      else timer ??= setTimeout(() => void flush(), FLUSH_EVERY_MS);
      return id;
    },
    flush,
    /** Messages of the bot were removed here: figures read from the log before now are out of date. */
    changed: (botId: string): void => void lastRecorded.set(botId, Date.now()),
    /** When this process last logged or removed a message of the bot (ms since the epoch; 0 when it has not). */
    lastRecorded: (botId: string): number => lastRecorded.get(botId) ?? 0,
  };
}
export type ConversationLog = ReturnType<typeof conversationLog>;
