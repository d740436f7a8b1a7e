import type { Kysely } from 'kysely';
import {
  API_CONVERSATIONS_PAGE_SIZE,
  API_ERROR,
  PUBLIC_API_MSG,
  type ApiConversation,
  type ApiConversationsResponse,
} from '@vuxo/shared';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { ConversationLog } from '../conversation-log.js';

type Row = {
  id: string;
  conversation_id: string;
  question: string;
  reply: string;
  kind: ApiConversation['messages'][number]['kind'];
  asked_at: string;
  source: 'widget' | 'api';
};

/** Rows of one conversation, in order, as the API shows it. */
function conversationOf(id: string, rows: Row[]): ApiConversation {
  return {
    id,
    source: rows[0]?.source ?? 'widget',
    startedAt: rows[0]?.asked_at ?? '',
    messages: rows.flatMap((row) => [
      { id: `${row.id}.q`, role: 'user' as const, content: row.question, at: row.asked_at },
      { id: row.id, role: 'assistant' as const, content: row.reply, at: row.asked_at, kind: row.kind },
    ]),
  };
}

/** The bot's conversation log, read with a key (scope `read:conversations`): the widget's and the API's. */
export function apiConversationsService(deps: { db: Kysely<Database>; log: ConversationLog }) {
  const { db, log } = deps;
  const rowsOf = (botId: string, ids: string[]) =>
    db
      .selectFrom('chat_messages')
      .select(['id', 'conversation_id', 'question', 'reply', 'kind', 'asked_at', 'source'])
      .where('bot_id', '=', botId)
      .where('conversation_id', 'in', ids)
      .orderBy('asked_at')
      .orderBy('id')
      .execute();

  return {
    /** Newest first, a page at a time. */
    async list(botId: string, page: number): Promise<ApiConversationsResponse> {
      await log.flush();
      const pageSize = API_CONVERSATIONS_PAGE_SIZE;
      const matching = db.selectFrom('chat_messages').where('bot_id', '=', botId);
      const { total } = await matching
        .select((eb) => eb.fn.count<number>('conversation_id').distinct().as('total'))
        .executeTakeFirstOrThrow();
      const ids = (
        await matching
          .select('conversation_id')
          .select((eb) => eb.fn.max('asked_at').as('last'))
          .groupBy('conversation_id')
          .orderBy('last', 'desc')
          .orderBy('conversation_id')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute()
      ).map((row) => row.conversation_id);
      const rows = ids.length === 0 ? [] : await rowsOf(botId, ids);
      const conversations = ids.map((id) =>
        conversationOf(
          id,
          rows.filter((row) => row.conversation_id === id),
        ),
      );
      return { conversations, total: Number(total), page, pageSize };
    },

    async get(botId: string, conversationId: string): Promise<ApiConversation> {
      await log.flush();
      const rows = await rowsOf(botId, [conversationId]);
      if (rows.length === 0)
        throw new AppError('notFound', PUBLIC_API_MSG.conversationNotFound, API_ERROR.notFound);
      return conversationOf(conversationId, rows);
    },
  };
}
export type ApiConversationsService = ReturnType<typeof apiConversationsService>;
