import { sql, type Kysely } from 'kysely';
import {
  INSIGHTS_MSG,
  requestReplyLink,
  type BotRequestSettings,
  type BotRequestsResponse,
  type VisitorRequestStatusName,
} from '@vuxo/shared';
import type { BotsRepository } from '../../db/bots-repository.js';
import type { Database } from '../../db/schema.js';
import type { MailAddresses } from '../email/mail-addresses.js';
import { AppError } from '../../errors.js';
import type { User } from '../users.js';
import { csvCell } from './conversations.js';
import { botNotFound } from './owned-bot.js';

export const REQUESTS_PAGE_SIZE = 20;
const TURNS = 6;

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The owner's "Requests" on the bot's page (decision 068): list, search, status, CSV, settings. */
export function requestsInboxService(deps: {
  db: Kysely<Database>;
  bots: BotsRepository;
  addresses: Pick<MailAddresses, 'ask' | 'stateOf' | 'recipientFor'>;
}) {
  const { db } = deps;

  async function ownedBot(user: User, botId: string) {
    const bot = await deps.bots
      .ownedBy(user.id, botId)
      .leftJoin('users', 'users.id', 'bots.user_id')
      .select(['bots.id', 'bots.name', 'bots.requests_off', 'bots.requests_email', 'bots.contact_email'])
      .select('users.email as owner_email')
      .executeTakeFirst();
    if (!bot) throw botNotFound();
    return bot;
  }

  return {
    async list(
      user: User,
      query: {
        botId: string;
        status?: VisitorRequestStatusName | undefined;
        q?: string | undefined;
        page: number;
      },
    ): Promise<BotRequestsResponse> {
      const bot = await ownedBot(user, query.botId);
      let matching = db.selectFrom('visitor_requests').where('bot_id', '=', bot.id);
      if (query.status) matching = matching.where('status', '=', query.status);
      if (query.q) {
        const pattern = likePattern(query.q);
        matching = matching.where((eb) =>
          eb.or(
            (['question', 'email', 'phone', 'name'] as const).map((column) =>
              eb(sql`lower(coalesce(${sql.ref(column)}, ''))`, 'like', sql`${pattern} escape '\\'`),
            ),
          ),
        );
      }
      const total = await matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await matching
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(REQUESTS_PAGE_SIZE)
        .offset((query.page - 1) * REQUESTS_PAGE_SIZE)
        .execute();
      const requests = [];
      for (const row of rows) {
        const turns = row.conversation_id
          ? await db
              .selectFrom('chat_messages')
              .select(['question', 'reply'])
              .where('bot_id', '=', bot.id)
              .where('conversation_id', '=', row.conversation_id)
              .where('asked_at', '<=', row.created_at)
              .orderBy('asked_at', 'desc')
              .limit(TURNS)
              .execute()
          : [];
        requests.push({
          id: row.id,
          status: row.status,
          email: row.email,
          phone: row.phone,
          name: row.name,
          question: row.question,
          createdAt: row.created_at,
          replyLink: requestReplyLink(row, bot.name),
          conversation: turns.reverse(),
        });
      }
      return {
        requests,
        total: Number(total.n),
        page: query.page,
        pageSize: REQUESTS_PAGE_SIZE,
        counts: await this.counts(bot.id),
      };
    },

    async counts(botId: string): Promise<Record<VisitorRequestStatusName, number>> {
      const rows = await db
        .selectFrom('visitor_requests')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('bot_id', '=', botId)
        .groupBy('status')
        .execute();
      const counts = { new: 0, answered: 0, closed: 0 };
      for (const row of rows) counts[row.status] = Number(row.n);
      return counts;
    },

    async setStatus(user: User, botId: string, requestId: string, status: VisitorRequestStatusName) {
      const bot = await ownedBot(user, botId);
      const result = await db
        .updateTable('visitor_requests')
        .set({ status, updated_at: new Date().toISOString() })
        .where('id', '=', requestId)
        .where('bot_id', '=', bot.id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new AppError('notFound', INSIGHTS_MSG.requestNotFound);
    },

    async exportCsv(user: User, botId: string): Promise<string> {
      const bot = await ownedBot(user, botId);
      const rows = await db
        .selectFrom('visitor_requests')
        .selectAll()
        .where('bot_id', '=', bot.id)
        .orderBy('created_at', 'desc')
        .execute();
      const header = ['created_at', 'status', 'name', 'email', 'phone', 'question'];
      const lines = rows.map((row) =>
        [row.created_at, row.status, row.name ?? '', row.email ?? '', row.phone ?? '', row.question]
          .map(csvCell)
          .join(','),
      );
      return [header.join(','), ...lines].join('\r\n') + '\r\n';
    },

    async settings(user: User, botId: string): Promise<BotRequestSettings> {
      const bot = await ownedBot(user, botId);
      const chosen = bot.requests_email || bot.contact_email;
      const notifyState = chosen ? await deps.addresses.stateOf(user, chosen) : null;
      return {
        requestsOn: Number(bot.requests_off) !== 1,
        notifyEmail: bot.requests_email,
        defaultEmail: bot.contact_email || bot.owner_email,
        notifyState,
        pendingEmail: notifyState && notifyState !== 'confirmed' ? chosen : null,
        sendTo: await deps.addresses.recipientFor(user, chosen),
      };
    },

    /** Saves the settings; a new address waits for its holder's confirmation (decision 085). */
    async updateSettings(
      user: User,
      input: { botId: string; requestsOn: boolean; notifyEmail: string | null },
    ): Promise<BotRequestSettings> {
      await ownedBot(user, input.botId);
      await deps.bots.setRequestSettings(input.botId, { on: input.requestsOn, email: input.notifyEmail });
      if (input.notifyEmail) await deps.addresses.ask(user, input.notifyEmail);
      return this.settings(user, input.botId);
    },
  };
}
export type RequestsInboxService = ReturnType<typeof requestsInboxService>;
