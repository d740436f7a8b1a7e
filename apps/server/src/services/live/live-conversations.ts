import type { Kysely } from 'kysely';
import {
  LIVE_MSG,
  LIVE_PRESENCE_WINDOW_S,
  type LiveEvent,
  type LiveHours,
  type LivePresence,
  type LiveStatus,
} from '@vuxo/shared';
import type { BotsRepository } from '../../db/bots-repository.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { conversationIdOf, visitorPseudonym } from '../conversation-log.js';
import { botNotFound } from '../insights/owned-bot.js';
import type { User } from '../users.js';
import { liveEventStore } from './live-events.js';
import { botChannel, type LiveHub } from './live-hub.js';
import type { LiveMail } from './live-mail.js';

export const conversationNotFound = () => new AppError('notFound', LIVE_MSG.conversationNotFound);

/** The name visitors see: the owner's choice, else the first word of their account's name. */
const defaultNameOf = (user: User) =>
  user.displayName?.trim().split(/\s+/)[0]?.slice(0, 40) || LIVE_MSG.defaultOwnerName;

/**
 * A person steps in (issue 47, decision 115): a visitor asks for a person, the owner writes in the visitor's
 * conversation and holds it (the bot stays quiet), and hands it back. A visitor's conversation is the chat log's
 * (conversation-log.ts), found from the signed visitor id they hold, never from an id they send.
 */
export function liveConversations(deps: {
  db: Kysely<Database>;
  bots: BotsRepository;
  hub: LiveHub;
  /** The business's hours from the bot's key facts, told to a visitor while the owner is away. */
  hoursOf?: (botId: string) => Promise<LiveHours[]>;
  /** The owner mailed when nobody answers a request, and the visitor when they left before the reply. */
  mail?: Pick<LiveMail, 'requested' | 'replied'>;
}) {
  const { db, bots } = deps;
  const events = liveEventStore(db, deps.hub);

  const conversationRow = (botId: string, conversationId: string) =>
    db
      .selectFrom('live_conversations')
      .selectAll()
      .where('bot_id', '=', botId)
      .where('conversation_id', '=', conversationId)
      .executeTakeFirst();

  /** The bot's owner in the Live view: online when seen within LIVE_PRESENCE_WINDOW_S. */
  async function ownerOf(botId: string, now: Date) {
    const row = await db
      .selectFrom('live_owners')
      .select(['display_name', 'seen_at', 'notify_after_min'])
      .where('bot_id', '=', botId)
      .executeTakeFirst();
    const online = !!row?.seen_at && Date.parse(row.seen_at) >= now.getTime() - LIVE_PRESENCE_WINDOW_S * 1000;
    return { online, name: row?.display_name ?? null, notifyAfterMin: Number(row?.notify_after_min ?? 2) };
  }

  async function visitorBot(identifier: string) {
    const bot = await bots.byIdentifier(identifier).select(['bots.id']).executeTakeFirst();
    if (!bot) throw botNotFound();
    return bot.id;
  }

  async function statusOf(botId: string, visitorId: string, now: Date): Promise<LiveStatus> {
    const conversationId = conversationIdOf(botId, visitorId, now);
    const [owner, row] = await Promise.all([ownerOf(botId, now), conversationRow(botId, conversationId)]);
    const hours = owner.online ? undefined : await deps.hoursOf?.(botId).catch(() => undefined);
    return {
      ownerOnline: owner.online,
      ownerName: owner.online ? owner.name : null,
      held: !!row?.held_at,
      requested: !!row?.requested_at,
      ...(hours ? { hours } : {}),
    };
  }

  /** The owner's bot (another owner's is the same 404 as a missing one) and the name they answer with. */
  async function ownBot(user: User, botId: string) {
    const bot = await bots.ownedBy(user.id, botId).select('bots.id').executeTakeFirst();
    if (!bot) throw botNotFound();
    const owner = await db
      .selectFrom('live_owners')
      .select('display_name')
      .where('bot_id', '=', botId)
      .executeTakeFirst();
    return { name: owner?.display_name ?? defaultNameOf(user) };
  }

  /** The conversation as the owner writes in it: its live row, or its log's visitor; 404 when it has neither. */
  async function ownerConversation(botId: string, conversationId: string) {
    const row = await conversationRow(botId, conversationId);
    if (row) return row;
    const logged = await db
      .selectFrom('chat_messages')
      .select('visitor')
      .where('bot_id', '=', botId)
      .where('conversation_id', '=', conversationId)
      .executeTakeFirst();
    if (!logged) throw conversationNotFound();
    return { visitor: logged.visitor, held_at: null };
  }

  async function touch(botId: string, name: string, now: Date, notifyAfterMin?: number): Promise<void> {
    const seen = now.toISOString();
    const notify = notifyAfterMin === undefined ? {} : { notify_after_min: notifyAfterMin };
    await db
      .insertInto('live_owners')
      .values({ bot_id: botId, display_name: name, seen_at: seen, ...notify })
      .onConflict((oc) => oc.column('bot_id').doUpdateSet({ display_name: name, seen_at: seen, ...notify }))
      .execute();
  }

  return {
    events,

    /** A visitor and the bot spoke: the owner's Live view reads the conversation again. */
    activity(botId: string, conversationId: string): void {
      deps.hub.publish(botChannel(botId), JSON.stringify({ conversationId, kind: 'message' }));
    },

    /** Where a visitor's stream listens: their own conversation of today with the bot. */
    async visitorConversation(identifier: string, visitorId: string, now = new Date()) {
      const botId = await visitorBot(identifier);
      return { botId, conversationId: conversationIdOf(botId, visitorId, now) };
    },

    async status(identifier: string, visitorId: string, now = new Date()): Promise<LiveStatus> {
      return statusOf(await visitorBot(identifier), visitorId, now);
    },

    /** "Talk to a person": when the owner is online, the conversation is in their queue (once a day). */
    async request(identifier: string, visitorId: string, now = new Date()): Promise<LiveStatus> {
      const botId = await visitorBot(identifier);
      const status = await statusOf(botId, visitorId, now);
      if (!status.ownerOnline || status.requested) return status;
      const at = now.toISOString();
      const conversationId = conversationIdOf(botId, visitorId, now);
      await events.append(
        { botId, conversationId, visitor: visitorPseudonym(visitorId) },
        { kind: 'requested', author: 'visitor', text: '' },
        { requested_at: at, last_visitor_at: at },
        now,
      );
      deps.mail?.requested(botId, conversationId, (await ownerOf(botId, now)).notifyAfterMin);
      return { ...status, requested: true };
    },

    /**
     * A visitor's chat message while the owner holds their conversation: it goes to the owner, and the bot stays
     * quiet (true). False when the bot answers as usual.
     */
    async heldMessage(botId: string, visitorId: string, text: string, now = new Date()): Promise<boolean> {
      const conversationId = conversationIdOf(botId, visitorId, now);
      const row = await conversationRow(botId, conversationId);
      if (!row?.held_at) return false;
      await events.append(
        { botId, conversationId, visitor: row.visitor },
        { kind: 'message', author: 'visitor', text },
        { last_visitor_at: now.toISOString() },
        now,
      );
      return true;
    },

    /** The owner is in the Live view (a heartbeat), answering as `displayName` (kept) or the name they chose. */
    async presence(
      user: User,
      botId: string,
      choice: { displayName?: string | undefined; notifyAfterMin?: number | undefined } = {},
      now = new Date(),
    ): Promise<LivePresence> {
      const { name: kept } = await ownBot(user, botId);
      const name = choice.displayName?.trim() || kept;
      await touch(botId, name, now, choice.notifyAfterMin);
      const { notifyAfterMin } = await ownerOf(botId, now);
      const onlineUntil = new Date(now.getTime() + LIVE_PRESENCE_WINDOW_S * 1000).toISOString();
      return { displayName: name, onlineUntil, notifyAfterMin };
    },

    /** The owner writes in the conversation: it is held by the owner from now on. */
    async reply(
      user: User,
      botId: string,
      conversationId: string,
      text: string,
      now = new Date(),
    ): Promise<LiveEvent> {
      const { name } = await ownBot(user, botId);
      const row = await ownerConversation(botId, conversationId);
      await touch(botId, name, now);
      const at = now.toISOString();
      const where = { botId, conversationId, visitor: row.visitor };
      if (!row.held_at)
        await events.append(where, { kind: 'held', author: 'owner', text: '', name }, { held_at: at }, now);
      const event = await events.append(
        where,
        { kind: 'message', author: 'owner', text, name },
        { last_owner_at: at },
        now,
      );
      deps.mail?.replied(botId, conversationId);
      return event;
    },

    /** "Hand back to the bot": the bot answers the visitor's next message again. */
    async handBack(user: User, botId: string, conversationId: string, now = new Date()): Promise<void> {
      const { name } = await ownBot(user, botId);
      const row = await ownerConversation(botId, conversationId);
      if (!row.held_at) return;
      await events.append(
        { botId, conversationId, visitor: row.visitor },
        { kind: 'released', author: 'owner', text: '', name },
        { held_at: null },
        now,
      );
    },

    /** A visitor's stream delivered the owner's message `id`: it is not mailed to them. */
    async seen(botId: string, conversationId: string, id: number): Promise<void> {
      await db
        .updateTable('live_conversations')
        .set({ visitor_seen: id })
        .where('bot_id', '=', botId)
        .where('conversation_id', '=', conversationId)
        .where('visitor_seen', '<', id)
        .execute();
    },

    /** The owner's bot, for the owner's stream and views (404 otherwise). */
    ownBot,
  };
}
export type LiveConversationsService = ReturnType<typeof liveConversations>;
