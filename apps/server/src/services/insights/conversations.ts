import { sql, type Kysely } from 'kysely';
import {
  CONVERSATIONS_PAGE_SIZE,
  INSIGHTS_MSG,
  type Conversation,
  type ConversationsResponse,
} from '@vuxo/shared';
import { parseJsonStrings, type BotsRepository } from '../../db/bots-repository.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { ConversationLog } from '../conversation-log.js';
import type { User } from '../users.js';
import { ownBotCheck } from './owned-bot.js';

/** `%` and `_` taken literally in a LIKE pattern. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The owner's conversation log of a bot: read a page, search, export as CSV, delete a conversation. */
export function conversationsService(deps: {
  db: Kysely<Database>;
  bots: BotsRepository;
  log: ConversationLog;
}) {
  const { db, log } = deps;
  const ownBot = ownBotCheck(deps.bots);
  return {
    async conversations(
      user: User,
      query: { botId: string; q?: string | undefined; page: number },
    ): Promise<ConversationsResponse> {
      await ownBot(user, query.botId);
      await log.flush();
      const pageSize = CONVERSATIONS_PAGE_SIZE;
      let matching = db.selectFrom('chat_messages').where('bot_id', '=', query.botId);
      if (query.q) {
        const pattern = likePattern(query.q);
        matching = matching.where((eb) =>
          eb.or([
            eb(sql`lower(question)`, 'like', sql`${pattern} escape '\\'`),
            eb(sql`lower(reply)`, 'like', sql`${pattern} escape '\\'`),
          ]),
        );
      }
      const totalRow = await matching
        .select((eb) => eb.fn.count<number>('conversation_id').distinct().as('total'))
        .executeTakeFirstOrThrow();
      const ids = await matching
        .select(['conversation_id'])
        .select((eb) => eb.fn.max('asked_at').as('last'))
        .groupBy('conversation_id')
        .orderBy('last', 'desc')
        .orderBy('conversation_id')
        .limit(pageSize)
        .offset((query.page - 1) * pageSize)
        .execute();
      const conversationIds = ids.map((row) => row.conversation_id);
      const rows =
        conversationIds.length === 0
          ? []
          : await db
              .selectFrom('chat_messages')
              .selectAll()
              .where('bot_id', '=', query.botId)
              .where('conversation_id', 'in', conversationIds)
              .orderBy('asked_at')
              .orderBy('id')
              .execute();
      const live = await liveMessagesOf(db, query.botId, conversationIds);
      const byId = new Map<string, Conversation>();
      for (const id of conversationIds) byId.set(id, { id, visitor: '', startedAt: '', messages: [] });
      for (const row of rows) {
        const conversation = byId.get(row.conversation_id)!;
        if (conversation.messages.length === 0) {
          conversation.visitor = row.visitor;
          conversation.startedAt = row.asked_at;
          conversation.source = row.source;
        }
        conversation.messages.push(
          { id: `${row.id}.q`, role: 'user', content: row.question, at: row.asked_at },
          {
            id: row.id,
            role: 'assistant',
            content: row.reply,
            at: row.asked_at,
            kind: row.kind,
            declined: row.kind === 'declined',
            sources: parseJsonStrings(row.sources),
            vote: row.vote,
          },
        );
      }
      // The owner's and the visitor's live messages (decision 115) in their place among the bot's.
      for (const message of live) {
        byId.get(message.conversation_id)?.messages.push({
          id: `${message.conversation_id}.e${message.seq}`,
          role: message.author === 'visitor' ? 'user' : 'assistant',
          content: message.text,
          at: message.created_at,
          author: message.author,
          ...(message.name ? { name: message.name } : {}),
        });
      }
      if (live.length > 0) for (const c of byId.values()) c.messages.sort((a, b) => a.at.localeCompare(b.at));
      return { conversations: [...byId.values()], total: Number(totalRow.total), page: query.page, pageSize };
    },

    /** Every kept message of the bot, one row each, newest first (CSV). */
    async exportCsv(user: User, botId: string): Promise<string> {
      await ownBot(user, botId);
      await log.flush();
      const rows = await db
        .selectFrom('chat_messages')
        .selectAll()
        .where('bot_id', '=', botId)
        .orderBy('asked_at', 'desc')
        .execute();
      const live = await db
        .selectFrom('live_events')
        .innerJoin('live_conversations', (join) =>
          join
            .onRef('live_conversations.bot_id', '=', 'live_events.bot_id')
            .onRef('live_conversations.conversation_id', '=', 'live_events.conversation_id'),
        )
        .select(['live_events.conversation_id', 'live_conversations.visitor', 'live_events.created_at'])
        .select(['live_events.author', 'live_events.text'])
        .where('live_events.bot_id', '=', botId)
        .where('live_events.kind', '=', 'message')
        .execute();
      // Who wrote the answer (decision 115): the bot; the owner live; a visitor's message while held has none.
      const header = [
        'conversation',
        'visitor',
        'asked_at',
        'question',
        'answer',
        'kind',
        'sources',
        'vote',
        'author',
      ];
      const cells = [
        ...rows.map((row) => [
          row.conversation_id,
          row.visitor,
          row.asked_at,
          row.question,
          row.reply,
          row.kind,
          parseJsonStrings(row.sources).join('; '),
          row.vote ?? '',
          'bot',
        ]),
        ...live.map((row) => [
          row.conversation_id,
          row.visitor,
          row.created_at,
          row.author === 'visitor' ? row.text : '',
          row.author === 'visitor' ? '' : row.text,
          '',
          '',
          '',
          row.author,
        ]),
      ];
      // Newest first, as the log's own rows.
      if (live.length > 0) cells.sort((a, b) => b[2]!.localeCompare(a[2]!));
      const lines = cells.map((cell) => cell.map(csvCell).join(','));
      return [header.join(','), ...lines].join('\r\n') + '\r\n';
    },

    async deleteConversation(user: User, botId: string, conversationId: string): Promise<void> {
      await ownBot(user, botId);
      await log.flush();
      const result = await db
        .deleteFrom('chat_messages')
        .where('bot_id', '=', botId)
        .where('conversation_id', '=', conversationId)
        .executeTakeFirst();
      const live = await db
        .deleteFrom('live_events')
        .where('bot_id', '=', botId)
        .where('conversation_id', '=', conversationId)
        .executeTakeFirst();
      await db
        .deleteFrom('live_conversations')
        .where('bot_id', '=', botId)
        .where('conversation_id', '=', conversationId)
        .execute();
      if (Number(result.numDeletedRows) + Number(live.numDeletedRows) === 0) {
        throw new AppError('notFound', INSIGHTS_MSG.conversationNotFound);
      }
      log.changed(botId);
    },
  };
}
export type ConversationsService = ReturnType<typeof conversationsService>;

/** The live conversations' messages (decision 115) of these conversations, oldest first. */
function liveMessagesOf(db: Kysely<Database>, botId: string, conversationIds: string[]) {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('live_events')
    .select(['conversation_id', 'seq', 'author', 'text', 'name', 'created_at'])
    .where('bot_id', '=', botId)
    .where('conversation_id', 'in', conversationIds)
    .where('kind', '=', 'message')
    .orderBy('seq')
    .execute();
}

/** A CSV cell: quoted, and a leading =, +, - or @ made inert so a spreadsheet reads it as text. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}
