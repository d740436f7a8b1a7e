import type { Kysely } from 'kysely';
import {
  LIVE_RECENT_MINUTES,
  type LiveConversationDetail,
  type LiveConversations,
  type LiveMessage,
} from '@vuxo/shared';
import type { Database } from '../../db/schema.js';
import type { ConversationLog } from '../conversation-log.js';
import { conversationNotFound } from './live-conversations.js';

/** Conversations the Live view lists at most. */
const LISTED_MAX = 50;

interface Summary {
  id: string;
  visitor: string;
  lastAt: string;
  lastMessage: string;
  requested: boolean;
  declined: boolean;
  held: boolean;
}

/**
 * The owner's Live view reads (decision 115): the conversations of the last LIVE_RECENT_MINUTES, those waiting
 * for a person first (asked for one, or got a decline, and nobody holds them), and one conversation's messages,
 * the bot's, the visitor's and the owner's, in order. The caller has checked the bot is the owner's.
 */
export function liveView(deps: { db: Kysely<Database>; log: ConversationLog }) {
  const { db, log } = deps;
  return {
    async conversations(botId: string, now = new Date()): Promise<LiveConversations> {
      await log.flush();
      const since = new Date(now.getTime() - LIVE_RECENT_MINUTES * 60_000).toISOString();
      const byId = new Map<string, Summary>();
      const logged = await db
        .selectFrom('chat_messages')
        .select(['conversation_id', 'visitor', 'question', 'reply', 'kind', 'asked_at'])
        .where('bot_id', '=', botId)
        .where('asked_at', '>=', since)
        .orderBy('asked_at')
        .execute();
      for (const row of logged) {
        byId.set(row.conversation_id, {
          id: row.conversation_id,
          visitor: row.visitor,
          lastAt: row.asked_at,
          lastMessage: row.question,
          requested: false,
          declined: row.kind === 'declined',
          held: false,
        });
      }
      const lives = await db
        .selectFrom('live_conversations')
        .selectAll()
        .where('bot_id', '=', botId)
        .where((eb) => eb.or([eb('created_at', '>=', since), eb('held_at', 'is not', null)]))
        .execute();
      const messages = await db
        .selectFrom('live_events')
        .select(['conversation_id', 'author', 'text', 'created_at'])
        .where('bot_id', '=', botId)
        .where('kind', '=', 'message')
        .where('created_at', '>=', since)
        .orderBy('created_at')
        .execute();
      for (const row of lives) {
        const summary = byId.get(row.conversation_id) ?? {
          id: row.conversation_id,
          visitor: row.visitor,
          lastAt: row.created_at,
          lastMessage: '',
          requested: false,
          declined: false,
          held: false,
        };
        summary.requested = !!row.requested_at && !row.last_owner_at;
        summary.held = !!row.held_at;
        byId.set(row.conversation_id, summary);
      }
      for (const message of messages) {
        const summary = byId.get(message.conversation_id);
        if (!summary || message.created_at < summary.lastAt) continue;
        summary.lastAt = message.created_at;
        summary.lastMessage = message.text;
        // Once the owner wrote after it, a decline waits no more.
        if (message.author === 'owner') summary.declined = false;
      }
      const listed = [...byId.values()].map((s) => ({
        ...s,
        waiting: !s.held && (s.requested || s.declined),
      }));
      listed.sort((a, b) => Number(b.waiting) - Number(a.waiting) || b.lastAt.localeCompare(a.lastAt));
      return { conversations: listed.slice(0, LISTED_MAX) };
    },

    async conversation(botId: string, conversationId: string): Promise<LiveConversationDetail> {
      await log.flush();
      const [logged, events, live] = await Promise.all([
        db
          .selectFrom('chat_messages')
          .select(['id', 'question', 'reply', 'kind', 'asked_at'])
          .where('bot_id', '=', botId)
          .where('conversation_id', '=', conversationId)
          .orderBy('asked_at')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('live_events')
          .select(['seq', 'author', 'text', 'name', 'created_at'])
          .where('bot_id', '=', botId)
          .where('conversation_id', '=', conversationId)
          .where('kind', '=', 'message')
          .orderBy('seq')
          .execute(),
        db
          .selectFrom('live_conversations')
          .select(['held_at', 'requested_at'])
          .where('bot_id', '=', botId)
          .where('conversation_id', '=', conversationId)
          .executeTakeFirst(),
      ]);
      if (logged.length === 0 && !live) throw conversationNotFound();
      const messages: LiveMessage[] = [];
      for (const row of logged) {
        messages.push({ id: `${row.id}.q`, author: 'visitor', text: row.question, at: row.asked_at });
        messages.push({
          id: row.id,
          author: 'bot',
          text: row.reply,
          at: row.asked_at,
          ...(row.kind === 'declined' ? { declined: true } : {}),
        });
      }
      for (const event of events) {
        messages.push({
          id: `e${event.seq}`,
          author: event.author,
          text: event.text,
          at: event.created_at,
          ...(event.name ? { name: event.name } : {}),
        });
      }
      // Stable: the log's question and answer keep their order at the same instant.
      messages.sort((a, b) => a.at.localeCompare(b.at));
      return { id: conversationId, held: !!live?.held_at, requested: !!live?.requested_at, messages };
    },
  };
}
export type LiveView = ReturnType<typeof liveView>;
