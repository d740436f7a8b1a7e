import { createElement } from 'react';
import type { Kysely } from 'kysely';
import { LIVE_NOTIFY_AFTER_DEFAULT_MIN, ROUTES } from '@vuxo/shared';
import type { Database } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { JobHandler } from '../../jobs/worker.js';
import { LiveReplyMail, LiveWaitingMail } from '../email/messages/live-mails.js';
import type { Outbox } from '../email/outbox.js';

export const LIVE_WAITING_JOB = 'live.waiting';
export const LIVE_REPLY_MAIL_JOB = 'live.reply-mail';

/** How long an owner's reply waits for the visitor's stream before it is mailed (the visitor may be reloading). */
export const REPLY_MAIL_AFTER_MS = 60_000;

export interface LiveMailOptions {
  /** Instead of the owner's choice in minutes (tests). */
  waitingAfterMs?: number;
  replyMailAfterMs?: number;
}

interface Payload {
  botId: string;
  conversationId: string;
}

/**
 * The live conversations' mail (issue 47, decision 116), as durable jobs: the owner is mailed once per
 * conversation when a visitor's request has no reply after the owner's chosen time; an owner's reply no visitor
 * stream delivered goes to the email the visitor left with their request, if they left one.
 */
export function liveMail(deps: {
  db: Kysely<Database>;
  queue: JobQueue;
  outbox: () => Outbox;
  publicUrl: string;
  logger: { error(details: object, message: string): void };
  options?: LiveMailOptions;
}) {
  const { db, queue } = deps;
  const conversation = (p: Payload) =>
    db
      .selectFrom('live_conversations')
      .innerJoin('bots', 'bots.id', 'live_conversations.bot_id')
      .leftJoin('users', 'users.id', 'bots.user_id')
      .select(['live_conversations.last_owner_at', 'live_conversations.notified_at'])
      .select(['live_conversations.visitor_seen', 'bots.name', 'bots.user_id'])
      .select(['users.email', 'users.email_verified'])
      .where('live_conversations.bot_id', '=', p.botId)
      .where('live_conversations.conversation_id', '=', p.conversationId)
      .executeTakeFirst();
  const later = (what: string, work: () => Promise<void>) =>
    void work().catch((err: unknown) => deps.logger.error({ err }, `live mail: ${what} not scheduled`));

  const waiting: JobHandler<Payload> = {
    async run(p) {
      const row = await conversation(p);
      if (!row || row.last_owner_at || row.notified_at || !row.email || Number(row.email_verified) !== 1)
        return;
      const last = await db
        .selectFrom('chat_messages')
        .select('question')
        .where('bot_id', '=', p.botId)
        .where('conversation_id', '=', p.conversationId)
        .orderBy('asked_at', 'desc')
        .executeTakeFirst();
      await deps.outbox().send({
        kind: 'live-waiting',
        to: row.email,
        subject: `A visitor is waiting for you (${row.name})`,
        userId: row.user_id,
        botId: p.botId,
        dedupeKey: `live-waiting:${p.botId}:${p.conversationId}`,
        body: createElement(LiveWaitingMail, {
          botName: row.name,
          question: last?.question ?? '',
          liveUrl: `${deps.publicUrl}${ROUTES.botLive(p.botId)}`,
        }),
      });
      await db
        .updateTable('live_conversations')
        .set({ notified_at: new Date().toISOString() })
        .where('bot_id', '=', p.botId)
        .where('conversation_id', '=', p.conversationId)
        .execute();
    },
  };

  const replyMail: JobHandler<Payload> = {
    async run(p) {
      const row = await conversation(p);
      if (!row) return;
      const unseen = await db
        .selectFrom('live_events')
        .select(['seq', 'text', 'name'])
        .where('bot_id', '=', p.botId)
        .where('conversation_id', '=', p.conversationId)
        .where('kind', '=', 'message')
        .where('author', '=', 'owner')
        .where('seq', '>', row.visitor_seen)
        .orderBy('seq')
        .execute();
      const left = await db
        .selectFrom('visitor_requests')
        .select('email')
        .where('bot_id', '=', p.botId)
        .where('conversation_id', '=', p.conversationId)
        .where('email', 'is not', null)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      if (unseen.length === 0 || !left?.email) return;
      const refused = await db
        .selectFrom('mail_refusals')
        .select('address')
        .where('address', '=', left.email.toLowerCase())
        .executeTakeFirst();
      if (refused) return;
      const last = unseen[unseen.length - 1]!;
      await deps.outbox().send({
        kind: 'live-reply',
        to: left.email,
        subject: `${last.name ?? row.name} answered your question`,
        userId: row.user_id,
        botId: p.botId,
        dedupeKey: `live-reply:${p.botId}:${p.conversationId}:${last.seq}`,
        body: createElement(LiveReplyMail, {
          botName: row.name,
          ownerName: last.name ?? row.name,
          messages: unseen.map((m) => m.text),
        }),
      });
    },
  };

  return {
    /** A visitor asked for a person: the owner is mailed after their chosen time if nobody answered. */
    requested(botId: string, conversationId: string, notifyAfterMin = LIVE_NOTIFY_AFTER_DEFAULT_MIN): void {
      const after = deps.options?.waitingAfterMs ?? notifyAfterMin * 60_000;
      later('the owner’s notice', () =>
        queue.schedule(
          LIVE_WAITING_JOB,
          { botId, conversationId },
          `livw-${botId}-${conversationId}`,
          new Date(Date.now() + after),
        ),
      );
    },
    /** The owner wrote: mailed to the visitor unless a stream of theirs delivers it first. */
    replied(botId: string, conversationId: string): void {
      const after = deps.options?.replyMailAfterMs ?? REPLY_MAIL_AFTER_MS;
      later('the reply mail', () =>
        queue.schedule(
          LIVE_REPLY_MAIL_JOB,
          { botId, conversationId },
          `livr-${botId}-${conversationId}`,
          new Date(Date.now() + after),
        ),
      );
    },
    handlers: {
      [LIVE_WAITING_JOB]: waiting as JobHandler,
      [LIVE_REPLY_MAIL_JOB]: replyMail as JobHandler,
    },
  };
}
export type LiveMail = ReturnType<typeof liveMail>;
