import type { Kysely, Updateable } from 'kysely';
import type { LiveAuthor, LiveEvent, LiveEventKind } from '@vuxo/shared';
import type { Database, LiveConversationsTable } from '../../db/schema.js';
import { botChannel, conversationChannel, type LiveHub } from './live-hub.js';

/** Events a stream reads back at most at once (a conversation of a day has far fewer). */
const READ_BACK_MAX = 1_000;

export interface NewLiveEvent {
  kind: LiveEventKind;
  author: LiveAuthor;
  text: string;
  name?: string | undefined;
}

/**
 * A live conversation's events (decision 115): each stored with the next id of its conversation (the row's
 * `last_event`, counted up under the row's lock, so two processes never give one id twice), then published.
 * A stream reads what it missed from here, so an event published while nobody listened is never lost.
 */
export function liveEventStore(db: Kysely<Database>, hub: LiveHub) {
  return {
    async append(
      where: { botId: string; conversationId: string; visitor: string },
      event: NewLiveEvent,
      patch: Updateable<LiveConversationsTable> = {},
      now = new Date(),
    ): Promise<LiveEvent> {
      const at = now.toISOString();
      const { botId, conversationId } = where;
      const id = await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('live_conversations')
          .values({ bot_id: botId, conversation_id: conversationId, visitor: where.visitor, created_at: at })
          .onConflict((oc) => oc.columns(['bot_id', 'conversation_id']).doNothing())
          .execute();
        const row = await trx
          .updateTable('live_conversations')
          .set((eb) => ({ ...patch, last_event: eb('last_event', '+', 1) }))
          .where('bot_id', '=', botId)
          .where('conversation_id', '=', conversationId)
          .returning('last_event')
          .executeTakeFirstOrThrow();
        const seq = Number(row.last_event);
        await trx
          .insertInto('live_events')
          .values({
            bot_id: botId,
            conversation_id: conversationId,
            seq,
            kind: event.kind,
            author: event.author,
            text: event.text,
            name: event.name ?? null,
            created_at: at,
          })
          .execute();
        return seq;
      });
      const live: LiveEvent = {
        id,
        kind: event.kind,
        author: event.author,
        text: event.text,
        at,
        ...(event.name ? { name: event.name } : {}),
      };
      hub.publish(conversationChannel(botId, conversationId), JSON.stringify(live));
      hub.publish(botChannel(botId), JSON.stringify({ conversationId, kind: event.kind }));
      return live;
    },

    /** The conversation's events after `after`, oldest first. */
    async after(botId: string, conversationId: string, after: number): Promise<LiveEvent[]> {
      const rows = await db
        .selectFrom('live_events')
        .selectAll()
        .where('bot_id', '=', botId)
        .where('conversation_id', '=', conversationId)
        .where('seq', '>', after)
        .orderBy('seq')
        .limit(READ_BACK_MAX)
        .execute();
      return rows.map(eventOf);
    },
  };
}
export type LiveEventStore = ReturnType<typeof liveEventStore>;

export function eventOf(row: {
  seq: number;
  kind: LiveEventKind;
  author: LiveAuthor;
  text: string;
  name: string | null;
  created_at: string;
}): LiveEvent {
  return {
    id: Number(row.seq),
    kind: row.kind,
    author: row.author,
    text: row.text,
    at: row.created_at,
    ...(row.name ? { name: row.name } : {}),
  };
}
