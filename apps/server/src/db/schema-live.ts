import type { Generated } from 'kysely';
import type { LiveAuthor, LiveEventKind } from '@vuxo/shared';
import type { IsoTimestamp } from './schema-columns.js';

/** A person steps in (decision 115): the tables of `Database` (schema.ts) for live conversations. */

/** A conversation someone asked a person in, or an owner wrote in: who answers it, and its last event id. */
export interface LiveConversationsTable {
  bot_id: string;
  /** The chat log's conversation id (a visitor's messages to one bot in one UTC day). */
  conversation_id: string;
  /** The visitor's pseudonym, as the chat log has it. */
  visitor: string;
  /** The last event id given in this conversation (events count up from 1). */
  last_event: Generated<number>;
  requested_at: IsoTimestamp | null;
  /** Set while the owner holds the conversation: the bot stays quiet. */
  held_at: IsoTimestamp | null;
  last_visitor_at: IsoTimestamp | null;
  last_owner_at: IsoTimestamp | null;
  /** When the owner was emailed about this request (at most once per conversation). */
  notified_at: IsoTimestamp | null;
  /** The last owner's message a visitor's stream delivered: later ones are mailed once the visitor left. */
  visitor_seen: Generated<number>;
  created_at: IsoTimestamp;
}

/** One event of a live conversation's channel: visitors' and owners' messages, and changes of who answers. */
export interface LiveEventsTable {
  bot_id: string;
  conversation_id: string;
  /** The event id: 1, 2, 3… within the conversation. */
  seq: number;
  kind: LiveEventKind;
  author: LiveAuthor;
  text: string;
  /** The owner's display name on their messages. */
  name: string | null;
  created_at: IsoTimestamp;
}

/** A bot's owner in the Live view: the name visitors see, and when the owner was last there. */
export interface LiveOwnersTable {
  bot_id: string;
  display_name: string;
  notify_after_min: Generated<number>;
  seen_at: IsoTimestamp | null;
}

export interface LiveTables {
  live_conversations: LiveConversationsTable;
  live_events: LiveEventsTable;
  live_owners: LiveOwnersTable;
}
