import { createElement } from 'react';
import type { Kysely } from 'kysely';
import {
  VISITOR_REQUEST_LIMITS,
  VISITOR_REQUEST_MSG,
  ERROR_CODES,
  mailboxKey,
  requestReplyLink,
  type VisitorRequestBody,
} from '@vuxo/shared';
import type { BotsRepository } from '../db/bots-repository.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import type { Visitor } from './chat.js';
import { conversationIdOf, visitorPseudonym, type ConversationLog } from './conversation-log.js';
import type { MailAddresses } from './email/mail-addresses.js';
import type { Outbox } from './email/outbox.js';
import { VisitorRequestMail } from './email/messages/visitor-request.js';
import { botNotFound } from './insights/owned-bot.js';
import type { WebhookEvents } from './webhooks/deliveries.js';

/** The turns of the conversation before a request that go into the owner's mail and inbox. */
export const TURNS_BEFORE_REQUEST = 6;

const startOfDay = (now: Date) => `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;

/**
 * The email or phone a request leaves, in one form whoever types it: what the per-address limit counts. An
 * email counts as the mailbox it reaches (`mailboxKey`: case, and `+tags` where the provider ignores them).
 */
export const contactKeyOf = (email: string, phone: string) =>
  email ? `e:${mailboxKey(email)}` : `p:${phone.replace(/[^\d+]/g, '')}`;

/**
 * A visitor's request to be contacted (decision 068): checked against the per-day limits, stored, and the
 * owner's notification queued in the same transaction, so there is never one without the other.
 */
export function visitorRequestsService(deps: {
  db: Kysely<Database>;
  bots: BotsRepository;
  log: ConversationLog;
  mail: Outbox;
  addresses: MailAddresses;
  publicUrl: string;
  supportEmail: string;
  /** The owner's webhooks (decision 112): `visitor_request.created` once the request is stored. */
  webhooks?: WebhookEvents;
}) {
  const { db, mail } = deps;

  async function countSince(
    column: 'visitor' | 'network' | 'contact_key' | 'bot_id',
    value: string,
    since: string,
  ) {
    const row = await db
      .selectFrom('visitor_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', value)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Where the owner's notification goes (decision 085): the address they chose (for requests, else the bot's
   * contact) once its holder confirmed it, else their verified sign-in email; the site's own bot, whose owner has
   * no email, mails the product's support address. Null, past the day's caps: the request waits in the inbox.
   */
  async function recipientOf(bot: {
    user_id: string;
    requests_email: string | null;
    contact_email: string | null;
    owner_email: string | null;
    owner_email_verified: number | string | null;
  }): Promise<string | null> {
    if (!bot.owner_email) return deps.supportEmail;
    const owner = {
      id: bot.user_id,
      email: bot.owner_email,
      emailVerified: Number(bot.owner_email_verified) === 1,
    };
    const to = await deps.addresses.recipientFor(owner, bot.requests_email || bot.contact_email);
    return to && (await deps.addresses.underRequestCaps(owner.id, to)) ? to : null;
  }

  return {
    async create(body: VisitorRequestBody, visitor: Visitor, now = new Date()): Promise<void> {
      const bot = await deps.bots
        .byIdentifier(body.botConfigId)
        .leftJoin('users', 'users.id', 'bots.user_id')
        .select([
          'bots.id',
          'bots.name',
          'bots.requests_off',
          'bots.requests_email',
          'bots.contact_email',
          'bots.user_id',
          'users.email as owner_email',
          'users.email_verified as owner_email_verified',
        ])
        .executeTakeFirst();
      if (!bot) throw botNotFound();
      if (Number(bot.requests_off) === 1)
        throw new AppError('conflict', VISITOR_REQUEST_MSG.off, ERROR_CODES.requestsOff);

      const since = startOfDay(now);
      const who = visitorPseudonym(visitor.id);
      const network = visitorPseudonym(visitor.keys[1] ?? visitor.id);
      const contactKey = contactKeyOf(body.email, body.phone);
      const limits = VISITOR_REQUEST_LIMITS;
      if (
        (await countSince('visitor', who, since)) >= limits.perVisitor ||
        (await countSince('network', network, since)) >= limits.perNetwork ||
        (await countSince('contact_key', contactKey, since)) >= limits.perAddress
      ) {
        throw new AppError('limitReached', VISITOR_REQUEST_MSG.limitReached, ERROR_CODES.requestLimit);
      }
      if ((await countSince('bot_id', bot.id, since)) >= limits.perBot) {
        throw new AppError('limitReached', VISITOR_REQUEST_MSG.botLimitReached, ERROR_CODES.requestLimit);
      }

      await deps.log.flush();
      const conversationId = conversationIdOf(bot.id, visitor.id, now);
      const turns = await db
        .selectFrom('chat_messages')
        .select(['question', 'reply'])
        .where('bot_id', '=', bot.id)
        .where('conversation_id', '=', conversationId)
        .orderBy('asked_at', 'desc')
        .limit(TURNS_BEFORE_REQUEST)
        .execute();
      const request = {
        email: body.email || null,
        phone: body.phone || null,
        name: body.name || null,
        question: body.question,
      };
      const to = await recipientOf(bot);
      const prepared =
        to &&
        (await mail.prepare({
          kind: 'visitor-request',
          to,
          subject: `New request from ${request.name ?? request.email ?? request.phone ?? 'a visitor'} (${bot.name})`,
          userId: bot.user_id,
          botId: bot.id,
          body: createElement(VisitorRequestMail, {
            botName: bot.name,
            ...request,
            conversation: turns.reverse(),
            requestsUrl: `${deps.publicUrl}/dashboard/bots/${encodeURIComponent(bot.id)}#requests`,
            replyUrl: requestReplyLink(request, bot.name),
          }),
          ...(request.email ? { headers: { 'Reply-To': request.email } } : {}),
        }));
      const at = now.toISOString();
      const requestId = newId('req');
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('visitor_requests')
          .values({
            id: requestId,
            bot_id: bot.id,
            visitor: who,
            network,
            contact_key: contactKey,
            conversation_id: turns.length > 0 ? conversationId : null,
            ...request,
            created_at: at,
            updated_at: at,
          })
          .execute();
        if (prepared) await mail.queue(prepared, trx);
      });
      if (prepared) mail.wake();
      deps.webhooks?.emitLater(bot.id, 'visitor_request.created', {
        requestId,
        ...request,
        conversationId: turns.length > 0 ? conversationId : null,
        createdAt: at,
      });
    },

    /** Removes the requests older than the retention period; returns how many went. */
    async removeExpired(retentionDays: number, now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
      const result = await db
        .deleteFrom('visitor_requests')
        .where('created_at', '<', cutoff)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type VisitorRequestsService = ReturnType<typeof visitorRequestsService>;
