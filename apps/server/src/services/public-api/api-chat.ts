import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  API_ERROR,
  CHAT_HISTORY_MAX,
  MESSAGES_PER_DAY,
  PUBLIC_API_MSG,
  messageLimitNotice,
  type ApiMessageResponse,
  type HistoryItem,
} from '@vuxo/shared';
import type { Database } from '../../db/schema.js';
import type { ReplyProgress } from '../../engine/answer/index.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import type { ChatService } from '../chat.js';
import type { ChatUsageService } from '../chat-usage.js';
import type { ConversationLog } from '../conversation-log.js';
import type { ApiPrincipal } from './api-keys.js';

/** A reply of the public API's chat; `cut` when a model's reply stopped before its end. */
export type ApiChatReply = ApiMessageResponse & { cut?: 'failed' | 'stopped' };

/** What a 429's RateLimit-* and Retry-After headers say (the HTTP layer writes them). */
export interface RateLimitDetails {
  limit: number;
  /** Seconds until the window ends. */
  reset: number;
}

/** Seconds until the UTC day ends, when daily counts start again (chat-usage.ts). */
export function secondsToNextDay(now = new Date()): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

const pseudonym = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);

const conversationNotFound = () =>
  new AppError('notFound', PUBLIC_API_MSG.conversationNotFound, API_ERROR.notFound);

/**
 * The public API's chat (decision 108): the widget's answer (chat.ts's engine, corrections, key facts and model),
 * logged in the owner's conversations as `api`, counted against the key's messages a day (its plan's) and, as the
 * widget's visitors are, the person's MESSAGES_PER_DAY: the caller's `visitorId`, else the conversation.
 */
export function apiChatService(deps: {
  db: Kysely<Database>;
  chat: ChatService;
  usage: ChatUsageService;
  log: ConversationLog;
  supportEmail: string;
  /** A person's messages a day: the widget visitor's MESSAGES_PER_DAY unless a bench or test sets another. */
  personDailyLimit?: number;
}) {
  const { db, usage, log } = deps;
  const perPerson = deps.personDailyLimit ?? MESSAGES_PER_DAY;
  const { findBot, unavailableReply, answer, logExchange, replyOf } = deps.chat.forApi;

  /** The conversation's exchanges so far, as the engine's history; a conversation of another bot is a 404. */
  async function historyOf(botId: string, conversationId: string): Promise<HistoryItem[]> {
    // Every process writes an API message before it answers (below): what is queued here is flushed first.
    await log.flush();
    const rows = await db
      .selectFrom('chat_messages')
      .select(['question', 'reply', 'source'])
      .where('bot_id', '=', botId)
      .where('conversation_id', '=', conversationId)
      .orderBy('asked_at')
      .orderBy('id')
      .execute();
    if (rows.length === 0 || rows[0]!.source !== 'api') throw conversationNotFound();
    return rows
      .flatMap((row): HistoryItem[] => [
        { role: 'user', content: row.question },
        { role: 'assistant', content: row.reply },
      ])
      .slice(-CHAT_HISTORY_MAX);
  }

  return {
    async send(
      principal: ApiPrincipal,
      input: { message: string; conversationId?: string | undefined; visitorId?: string | undefined },
      options: { signal?: AbortSignal; onText?: (progress: ReplyProgress) => void } = {},
    ): Promise<ApiChatReply> {
      const bot = await findBot(principal.botId);
      if (!bot || bot.id !== principal.botId)
        throw new AppError('notFound', PUBLIC_API_MSG.botNotFound, API_ERROR.notFound);
      const history = input.conversationId ? await historyOf(bot.id, input.conversationId) : [];
      const conversationId = input.conversationId ?? newId('c', 20);

      const unavailable = await unavailableReply(bot);
      if (unavailable !== null) return { conversationId, reply: unavailable, sources: [] };

      const perDay = principal.plan.api.messagesPerDay;
      const keyKey = `k:${principal.keyId}`;
      const person = `p:${pseudonym(`${principal.keyId}:${input.visitorId ?? conversationId}`)}`;
      const consumed = await usage.consume(bot.id, [
        { key: keyKey, max: perDay },
        { key: person, max: perPerson },
      ]);
      if (!consumed.counted) {
        const rateLimit: RateLimitDetails = { limit: perDay, reset: secondsToNextDay() };
        if (consumed.full.includes(keyKey))
          throw new AppError('limitReached', PUBLIC_API_MSG.perDay(perDay), API_ERROR.rateLimited, {
            rateLimit,
          });
        throw new AppError(
          'limitReached',
          messageLimitNotice('visitor', deps.supportEmail),
          API_ERROR.messageLimitReached,
          { rateLimit: { ...rateLimit, limit: perPerson } },
        );
      }

      let answered;
      try {
        answered = await answer(bot, { message: input.message, history }, options);
      } catch (error) {
        // Not answered: the message is given back.
        await usage.refund(bot.id, [keyKey, person]).catch(() => undefined);
        throw error;
      }
      const messageId = logExchange(bot, input.message, answered, `api:${person}`, { conversationId });
      // Written before the reply, so the next message of the conversation finds it on any process.
      await log.flush();
      const { reply, sources, declined, confidence, cut } = replyOf(answered, false);
      return {
        conversationId,
        messageId,
        reply,
        sources: (sources ?? []).map(({ ordinal, heading, page }) => ({ ordinal, heading, page })),
        ...(declined ? { declined } : {}),
        ...(confidence ? { confidence } : {}),
        ...(cut ? { cut } : {}),
      };
    },
  };
}
export type ApiChatService = ReturnType<typeof apiChatService>;
