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
      const header = ['conversation', 'visitor', 'asked_at', 'question', 'answer', 'kind', 'sources', 'vote'];
      const lines = rows.map((row) =>
        [
          row.conversation_id,
          row.visitor,
          row.asked_at,
          row.question,
          row.reply,
          row.kind,
          parseJsonStrings(row.sources).join('; '),
          row.vote ?? '',
        ]
          .map(csvCell)
          .join(','),
      );
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
      if (Number(result.numDeletedRows) === 0) {
        throw new AppError('notFound', INSIGHTS_MSG.conversationNotFound);
      }
      log.changed(botId);
    },
  };
}
export type ConversationsService = ReturnType<typeof conversationsService>;

/** A CSV cell: quoted, and a leading =, +, - or @ made inert so a spreadsheet reads it as text. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}
