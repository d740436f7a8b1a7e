import { createElement } from 'react';
import { sql, type Kysely } from 'kysely';
import { MAIL_LIMITS, ROUTES, WEEKLY_UNSUBSCRIBE_PATH, WEEKLY_UNSUBSCRIBE_TOKEN_MAX } from '@vuxo/shared';
import { botsRepository } from '../../db/bots-repository.js';
import type { Database } from '../../db/schema.js';
import { WeeklySummaryMail } from './messages/plan-mails.js';
import type { Outbox } from './outbox.js';
import { signedLinks } from './signed-links.js';
import { sourceChangesOf } from './source-change-lines.js';

const WEEK_MS = 7 * 86_400_000;

interface WeeklySummaryDeps {
  db: Kysely<Database>;
  mail: Outbox;
  publicUrl: string;
  /** The app secret; the unsubscribe tokens are signed with a key derived from it. */
  secret: Buffer;
  now: () => Date;
}

/** Monday 00:00 UTC of the week holding `date`, as yyyy-mm-dd: the summary goes once per owner per week. */
function weekOf(date: Date): string {
  const monday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday.toISOString().slice(0, 10);
}

/**
 * The weekly summary per owner (issue 32.4): each bot's conversations, missed questions (declined, unsure or
 * voted down, not dismissed) and open requests over the last 7 days; with RFC 8058 one-click unsubscribe.
 */
export function weeklySummary(deps: WeeklySummaryDeps) {
  const { db, mail } = deps;
  const bots = botsRepository(db);
  const links = signedLinks(deps.secret, 'weekly-unsubscribe');
  /** A fresh token in every mail, working for a year (F8 of issue 43). */
  const tokenFor = (userId: string) =>
    links.sign(userId, new Date(deps.now().getTime() + MAIL_LIMITS.unsubscribeLinkDays * 86_400_000));

  async function botsOf(userId: string, since: string) {
    return bots
      .ofOwner(userId)
      .select((eb) => [
        'bots.id',
        'bots.name',
        eb
          .selectFrom('chat_messages')
          .select(sql<number>`count(distinct conversation_id)`.as('n'))
          .whereRef('chat_messages.bot_id', '=', 'bots.id')
          .where('asked_at', '>=', since)
          .as('conversations'),
        eb
          .selectFrom('chat_messages')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('chat_messages.bot_id', '=', 'bots.id')
          .where('asked_at', '>=', since)
          .where('dismissed_at', 'is', null)
          .where((inner) =>
            inner.or([
              inner('kind', '=', 'declined'),
              inner('vote', '=', 'down'),
              inner('unsure_reason', 'is not', null),
            ]),
          )
          .as('missed'),
        eb
          .selectFrom('visitor_requests')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('visitor_requests.bot_id', '=', 'bots.id')
          .where('visitor_requests.status', '=', 'new')
          .as('open_requests'),
      ])
      .orderBy('bots.created_at')
      .execute();
  }

  return {
    tokenFor,
    /**
     * Queues this week's summary for each owner of a week or more with a bot who has not unsubscribed; returns
     * how many.
     */
    async sweep(): Promise<number> {
      const now = deps.now();
      const week = weekOf(now);
      const since = new Date(now.getTime() - WEEK_MS).toISOString();
      const owners = await db
        .selectFrom('users')
        .select(['users.id', 'users.email'])
        .where('users.weekly_summary_off', '=', 0)
        .where('users.email', 'is not', null)
        // The first summary after a full week, so an owner's first days bring no mail about nothing.
        .where('users.created_at', '<=', since)
        .where((eb) => eb.exists(bots.ofOwner(eb.ref('users.id')).select('bots.id')))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('emails')
                .select('emails.id')
                .where(
                  'emails.dedupe_key',
                  '=',
                  sql<string>`${'weekly-summary:'} || users.id || ${`:${week}`}`,
                ),
            ),
          ),
        )
        .execute();
      let queued = 0;
      for (const owner of owners) {
        const bots = await botsOf(owner.id, since);
        const unsubscribeUrl = `${deps.publicUrl}${WEEKLY_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(tokenFor(owner.id))}`;
        const id = await mail.send({
          kind: 'weekly-summary',
          to: owner.email!,
          subject: 'Your bots this week',
          userId: owner.id,
          dedupeKey: `weekly-summary:${owner.id}:${week}`,
          headers: {
            'List-Unsubscribe': `<${unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
          body: createElement(WeeklySummaryMail, {
            bots: await Promise.all(
              bots.map(async (bot) => ({
                name: bot.name,
                conversations: Number(bot.conversations ?? 0),
                missed: Number(bot.missed ?? 0),
                openRequests: Number(bot.open_requests ?? 0),
                changes: await sourceChangesOf(db, bot.id, since),
              })),
            ),
            dashboardUrl: `${deps.publicUrl}${ROUTES.dashboard}`,
            unsubscribeUrl,
          }),
        });
        if (id) queued += 1;
      }
      return queued;
    },
    /** Turns the summary off for the token's owner; false when the token is not valid. */
    async unsubscribe(token: string): Promise<boolean> {
      const userId = links.verify(token, deps.now(), WEEKLY_UNSUBSCRIBE_TOKEN_MAX);
      if (!userId) return false;
      await db.updateTable('users').set({ weekly_summary_off: 1 }).where('id', '=', userId).execute();
      return true;
    },
  };
}
export type WeeklySummary = ReturnType<typeof weeklySummary>;
