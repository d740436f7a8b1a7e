import { sql, type Kysely } from 'kysely';
import { ADMIN_PAGE_SIZE } from '@vuxo/shared';
import { botsRepository } from '../db/bots-repository.js';
import type { Database } from '../db/schema.js';
import { anyHolds } from './admin-search.js';

const offsetOf = (page: number) => (page - 1) * ADMIN_PAGE_SIZE;
const countOf = (status: string) =>
  sql<number>`sum(case when visitor_requests.status = ${status} then 1 else 0 end)`;

/** The staff console's mail lists: every message queued, sent or failed, and visitor requests per bot. */
export function adminMailLists(db: Kysely<Database>) {
  async function mail(q: string, page: number) {
    const base = db
      .selectFrom('emails')
      .where((eb) =>
        q
          ? anyHolds(
              eb,
              [
                eb.ref('to_address'),
                eb.ref('subject'),
                eb.ref('kind'),
                eb.ref('status'),
                eb.ref('last_error'),
              ],
              q,
            )
          : eb.lit(true),
      );
    const [rows, count] = await Promise.all([
      base
        .select([
          'id',
          'to_address',
          'kind',
          'subject',
          'status',
          'attempts',
          'last_error',
          'created_at',
          'sent_at',
        ])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(ADMIN_PAGE_SIZE)
        .offset(offsetOf(page))
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const items = rows.map((row) => ({
      id: row.id,
      to: row.to_address,
      kind: row.kind,
      subject: row.subject,
      status: row.status,
      attempts: Number(row.attempts),
      lastError: row.last_error,
      createdAt: row.created_at,
      sentAt: row.sent_at,
    }));
    return { items, total: Number(count.n) };
  }

  async function visitorRequests(q: string, page: number) {
    // Staff see requests of deleted bots too, until retention removes them.
    const base = botsRepository(db)
      .withDeleted()
      .innerJoin('visitor_requests', 'visitor_requests.bot_id', 'bots.id')
      .leftJoin('users', 'users.id', 'bots.user_id')
      .where((eb) => (q ? anyHolds(eb, [eb.ref('bots.name'), eb.ref('users.email')], q) : eb.lit(true)));
    const [rows, count] = await Promise.all([
      base
        .select((eb) => [
          'bots.id',
          'bots.name',
          'users.email',
          eb.fn.countAll<number>().as('total'),
          countOf('new').as('fresh'),
          countOf('answered').as('answered'),
          countOf('closed').as('closed'),
          eb.fn.max('visitor_requests.created_at').as('last_at'),
        ])
        .groupBy(['bots.id', 'bots.name', 'users.email'])
        .orderBy('last_at', 'desc')
        .orderBy('bots.id')
        .limit(ADMIN_PAGE_SIZE)
        .offset(offsetOf(page))
        .execute(),
      base.select(sql<number>`count(distinct visitor_requests.bot_id)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    const items = rows.map((row) => ({
      botId: row.id,
      botName: row.name,
      ownerEmail: row.email,
      total: Number(row.total),
      new: Number(row.fresh),
      answered: Number(row.answered),
      closed: Number(row.closed),
      lastAt: String(row.last_at),
    }));
    return { items, total: Number(count.n) };
  }

  return { mail, 'visitor-requests': visitorRequests };
}
