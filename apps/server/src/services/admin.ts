import type { Kysely } from 'kysely';
import { ADMIN_PAGE_SIZE, type AdminList, type AdminListResponse } from '@vuxo/shared';
import { botsRepository } from '../db/bots-repository.js';
import type { Database } from '../db/schema.js';
import { adminMailLists } from './admin-mail.js';
import { anyHolds } from './admin-search.js';
import type { PlansService } from './plans.js';

/** The staff console's lists: each a page of rows, newest first, searched across its text columns. */
export function adminService({ db, plans }: { db: Kysely<Database>; plans: PlansService }) {
  const offsetOf = (page: number) => (page - 1) * ADMIN_PAGE_SIZE;

  async function users(q: string, page: number) {
    const base = db
      .selectFrom('users')
      .where((eb) =>
        q ? anyHolds(eb, [eb.ref('users.email'), eb.ref('users.display_name')], q) : eb.lit(true),
      );
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('created_at', 'desc').limit(ADMIN_PAGE_SIZE).offset(offsetOf(page)).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const items = await Promise.all(
      rows.map(async (user) => {
        const status = await plans.status(user.id);
        return {
          id: user.id,
          email: user.email,
          displayName: user.display_name,
          planName: status.planName,
          activeUntil: status.activeUntil ?? null,
          botCount: status.limits.currentBots,
          createdAt: user.created_at,
          lastSeenAt: user.last_seen_at,
        };
      }),
    );
    return { items, total: Number(count.n) };
  }

  async function bots(q: string, page: number) {
    const base = botsRepository(db)
      .withDeleted()
      .leftJoin('users', 'users.id', 'bots.user_id')
      .where((eb) =>
        q
          ? anyHolds(eb, [eb.ref('bots.name'), eb.ref('users.email'), eb.ref('bots.status')], q)
          : eb.lit(true),
      );
    const [rows, count] = await Promise.all([
      base
        .select(['bots.id', 'bots.name', 'bots.status', 'bots.created_at', 'users.email'])
        .orderBy('bots.created_at', 'desc')
        .limit(ADMIN_PAGE_SIZE)
        .offset(offsetOf(page))
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const items = rows.map((bot) => ({
      botId: bot.id,
      botName: bot.name,
      ownerEmail: bot.email,
      status: bot.status,
      createdAt: bot.created_at,
    }));
    return { items, total: Number(count.n) };
  }

  async function payments(q: string, page: number) {
    const base = db
      .selectFrom('payments')
      .leftJoin('users', 'users.id', 'payments.user_id')
      .where((eb) =>
        q
          ? anyHolds(
              eb,
              [
                eb.ref('users.email'),
                eb.ref('payments.plan_key'),
                eb.ref('payments.status'),
                eb.ref('payments.provider_payment_id'),
              ],
              q,
            )
          : eb.lit(true),
      );
    const [rows, count] = await Promise.all([
      base
        .select([
          'payments.id',
          'payments.plan_key',
          'payments.amount_cents',
          'payments.currency',
          'payments.status',
          'payments.provider',
          'payments.created_at',
          'users.email',
        ])
        .orderBy('payments.created_at', 'desc')
        .limit(ADMIN_PAGE_SIZE)
        .offset(offsetOf(page))
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const items = rows.map((payment) => ({
      id: payment.id,
      userEmail: payment.email,
      planKey: payment.plan_key,
      amountCents: payment.amount_cents,
      currency: payment.currency,
      status: payment.status,
      provider: payment.provider,
      createdAt: payment.created_at,
    }));
    return { items, total: Number(count.n) };
  }

  async function messages(q: string, page: number) {
    const base = db
      .selectFrom('contact_messages')
      .where((eb) =>
        q
          ? anyHolds(
              eb,
              [eb.ref('name'), eb.ref('email'), eb.ref('company'), eb.ref('subject'), eb.ref('message')],
              q,
            )
          : eb.lit(true),
      );
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('created_at', 'desc').limit(ADMIN_PAGE_SIZE).offset(offsetOf(page)).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const items = rows.map((message) => ({
      id: message.id,
      name: message.name,
      email: message.email,
      company: message.company,
      subject: message.subject,
      message: message.message,
      createdAt: message.created_at,
    }));
    return { items, total: Number(count.n) };
  }

  async function requests(q: string, page: number) {
    const base = db
      .selectFrom('voice_agent_requests')
      .leftJoin('users', 'users.id', 'voice_agent_requests.user_id')
      .where((eb) =>
        q ? anyHolds(eb, [eb.ref('users.email'), eb.ref('voice_agent_requests.data')], q) : eb.lit(true),
      );
    const [rows, count] = await Promise.all([
      base
        .select([
          'voice_agent_requests.id',
          'voice_agent_requests.data',
          'voice_agent_requests.created_at',
          'users.email',
        ])
        .orderBy('voice_agent_requests.created_at', 'desc')
        .limit(ADMIN_PAGE_SIZE)
        .offset(offsetOf(page))
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const items = rows.map((request) => ({
      id: request.id,
      userEmail: request.email,
      data: request.data,
      createdAt: request.created_at,
    }));
    return { items, total: Number(count.n) };
  }

  const lists = { users, bots, payments, messages, requests, ...adminMailLists(db) };
  return {
    async list(list: AdminList, q: string, page: number): Promise<AdminListResponse> {
      const { items, total } = await lists[list](q, page);
      return { list, items, total, page, pageSize: ADMIN_PAGE_SIZE } as AdminListResponse;
    },
  };
}
export type AdminService = ReturnType<typeof adminService>;
