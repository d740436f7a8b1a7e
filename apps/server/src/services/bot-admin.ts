import type { Kysely } from 'kysely';
import {
  BOT_ADMIN_MSG,
  ERROR_CODES,
  WIZARD_MSG,
  botAvatarUrl,
  type BotDomainsResponse,
  type BotThemeResponse,
  type ThemeId,
  type UpdateBotSettingsResponse,
  themeIdOf,
  type BotSummary,
  type ContactChoice,
  type CreativityLevel,
  type Tone,
} from '@vuxo/shared';
import {
  botsAhead,
  botsRepository,
  parseJsonStrings,
  type BotSettings,
  type BotsRepository,
} from '../db/bots-repository.js';
import type { MailAddresses } from './email/mail-addresses.js';
import type { Database } from '../db/schema.js';
import type { FileStore } from '../adapters/files/file-store.js';
import { AppError } from '../errors.js';
import { LruMap } from '../lru-map.js';
import type { ConversationLog } from './conversation-log.js';
import { contactChoiceOfRow, effectiveContact } from './bot-contact.js';
import { pausedOf } from './bot-pause.js';
import { currentPlan } from './plans.js';
import type { User } from './users.js';
import { avatarFileOf } from './wizard-sessions.js';

/** Where the service reports what it could not clean up; the request logger in production. */
export interface CleanupLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** One answer for an unknown bot, a deleted bot and another user's bot. */
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * A bot's last-7-days figures are read again after this long, or at once when this process has logged a
 * message to it since: a busy bot's week is many rows, and a dashboard under load need not count them each time.
 */
const WEEK_FIGURES_FRESH_MS = 30_000;
type WeekFigures = { conversations: number; messages: number; answered: number };
const notFound = () => new AppError('notFound', BOT_ADMIN_MSG.botNotFound, ERROR_CODES.botNotFound);

/** A bot's settings the owner may change; a field left out is left as it is. */
export interface BotSettingsChange {
  botName?: string;
  welcomeMessage?: string;
  chatbotTone?: Tone;
  creativityLevel?: CreativityLevel;
  /** Which contact declines give (decision 062); absent, `contactEmail` alone decides, as for older clients. */
  contactChoice?: ContactChoice;
  /** The 'other' choice's address; without a choice, an address means 'other' and null the sign-in email. */
  contactEmail?: string | null;
  /** An avatar uploaded in a wizard session of this owner (`API.uploadImage`); null removes the avatar. */
  avatar?: { sessionId: string; tempImagePath: string } | null;
}

/** The contact columns as save-config stores them: 'other' keeps the address, the others clear it. */
function contactColumns({ contactChoice, contactEmail }: BotSettingsChange): BotSettings {
  if (contactChoice === undefined && contactEmail === undefined) return {};
  const choice = contactChoice ?? (contactEmail ? 'other' : 'sign-in');
  return {
    contact_email: choice === 'other' ? (contactEmail ?? null) : null,
    no_contact: choice === 'none' ? 1 : 0,
  };
}

/** The bot row's columns for a settings change; only the fields given. */
function settingsColumns(change: BotSettingsChange): BotSettings {
  const columns: BotSettings = {};
  if (change.botName !== undefined) columns.name = change.botName;
  if (change.welcomeMessage !== undefined) columns.welcome_message = change.welcomeMessage;
  if (change.chatbotTone !== undefined) columns.tone = change.chatbotTone;
  if (change.creativityLevel !== undefined) columns.creativity = change.creativityLevel;
  Object.assign(columns, contactColumns(change));
  if (change.avatar !== undefined) columns.image_path = change.avatar?.tempImagePath ?? null;
  return columns;
}

/**
 * The owner's side of bots: list,
 * delete, the widget's allowed domains, theme and settings, and the public avatar. Every owner call is
 * scoped to the caller; a deleted bot is hidden everywhere.
 */
export function botAdminService(deps: {
  db: Kysely<Database>;
  bots: BotsRepository;
  files: FileStore;
  /** The product's support address: a bot's contact when its owner has no email. */
  supportEmail: string;
  /** The conversation log the week's figures come from. */
  log?: Pick<ConversationLog, 'flush' | 'lastRecorded'>;
  /** Asks an "other" contact's holder to confirm before requests are mailed there (decision 085). */
  addresses?: Pick<MailAddresses, 'ask'>;
}) {
  const { db, bots, files, supportEmail, log } = deps;
  const weekFigures = new LruMap<string, { at: number; figures: WeekFigures | undefined }>(10_000);

  async function ownBot(userId: string, botId: string) {
    const bot = await bots
      .ownedBy(userId, botId)
      .select(['bots.id', 'bots.allowed_domains'])
      .executeTakeFirst();
    if (!bot) throw notFound();
    return bot;
  }

  /** Changes the caller's bot; not found when it is gone (or was never theirs). */
  async function updateOwn(user: User, botId: string, values: Parameters<BotsRepository['update']>[1]) {
    if (!(await bots.update(botId, values, user.id))) throw notFound();
  }

  /** The avatar was uploaded by this owner, in a session not yet expired, and is that session's latest. */
  async function checkAvatarUpload(user: User, avatar: { sessionId: string; tempImagePath: string }) {
    const session = await db
      .selectFrom('wizard_sessions')
      .select('id')
      .where('id', '=', avatar.sessionId)
      .where('user_id', '=', user.id)
      .where('image_path', '=', avatar.tempImagePath)
      .where('expires_at', '>', new Date().toISOString())
      .executeTakeFirst();
    if (!session) throw new AppError('invalid', WIZARD_MSG.avatarExpired);
  }

  /** Visitors' conversations, messages and answered messages per bot over the last 7 days. */
  async function lastWeekOf(botIds: string[]) {
    const now = Date.now();
    const stale = botIds.filter((id) => {
      const cached = weekFigures.get(id);
      return !cached || now - cached.at > WEEK_FIGURES_FRESH_MS || (log?.lastRecorded(id) ?? 0) >= cached.at;
    });
    if (stale.length > 0) {
      await log?.flush();
      const counted = await countWeek(stale, now);
      for (const id of stale) weekFigures.set(id, { at: now, figures: counted.get(id) });
    }
    const week = new Map<string, WeekFigures>();
    for (const id of botIds) {
      const figures = weekFigures.get(id)?.figures;
      if (figures) week.set(id, figures);
    }
    return week;
  }

  async function countWeek(botIds: string[], now: number) {
    const week = new Map<string, WeekFigures>();
    const since = new Date(now - WEEK_MS).toISOString();
    const rows = await db
      .selectFrom('chat_messages')
      .select('bot_id')
      .select((eb) => [
        eb.fn.count<number>('conversation_id').distinct().as('conversations'),
        eb.fn.countAll<number>().as('messages'),
        eb.fn.sum<number>(eb.case().when('kind', '=', 'declined').then(0).else(1).end()).as('answered'),
      ])
      .where('bot_id', 'in', botIds)
      .where('asked_at', '>=', since)
      .groupBy('bot_id')
      .execute();
    for (const row of rows) {
      week.set(row.bot_id, {
        conversations: Number(row.conversations),
        messages: Number(row.messages),
        answered: Number(row.answered),
      });
    }
    return week;
  }

  /** Each bot's requests still `new` (decision 068), for its card. */
  async function newRequestsOf(botIds: string[]): Promise<Map<string, number>> {
    if (botIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('visitor_requests')
      .select(['bot_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('bot_id', 'in', botIds)
      .where('status', '=', 'new')
      .groupBy('bot_id')
      .execute();
    return new Map(rows.map((row) => [row.bot_id, Number(row.n)]));
  }

  return {
    /** The caller's bots that are not deleted, newest first. */
    async list(user: User): Promise<BotSummary[]> {
      const rows = await bots
        .live()
        .leftJoin('users', 'users.id', 'bots.user_id')
        .select([
          'bots.id',
          'bots.name',
          'bots.welcome_message',
          'bots.tone',
          'bots.creativity',
          'bots.image_path',
          'bots.status',
          'bots.status_reason',
          'bots.created_at',
          'bots.share_id',
          'bots.theme_id',
          'bots.contact_email',
          'bots.no_contact',
          'users.email as owner_email',
          botsAhead.as('bots_ahead'),
        ])
        .where('bots.user_id', '=', user.id)
        .orderBy('bots.created_at', 'desc')
        .orderBy('bots.id', 'desc')
        .execute();
      const week = await lastWeekOf(rows.map((row) => row.id));
      const requests = await newRequestsOf(rows.map((row) => row.id));
      const paused = await pausedOf(
        db,
        user.id,
        rows.map((row) => row.bots_ahead),
      );
      return rows.map((row, i) => ({
        last7Days: week.get(row.id) ?? { conversations: 0, messages: 0, answered: 0 },
        newRequests: requests.get(row.id) ?? 0,
        botId: row.id,
        botName: row.name,
        botImageUrl: row.image_path ? botAvatarUrl(row.id, row.image_path) : null,
        status: row.status,
        createdAt: row.created_at,
        shareId: row.share_id,
        themeId: themeIdOf(row.theme_id),
        paused: paused[i] ?? false,
        statusReason: row.status === 'error' ? row.status_reason : null,
        contactEmail: effectiveContact(row, supportEmail),
        contactChoice: contactChoiceOfRow(row),
        welcomeMessage: row.welcome_message,
        chatbotTone: row.tone,
        creativityLevel: row.creativity,
      }));
    },

    /**
     * Soft-deletes the caller's bot on a plan that allows it (not the Free Trial; decision 101): status `deleted`, its
     * document (text, passages, file), index, questions and avatar removed. The database changes commit
     * first; files are removed after, so a failed commit never leaves a bot without its files.
     */
    async delete(user: User, botId: string, log?: CleanupLog): Promise<{ success: true }> {
      const removed = await db.transaction().execute(async (trx) => {
        const ownBots = botsRepository(trx);
        const bot = await ownBots
          .ownedBy(user.id, botId)
          .leftJoin('documents', 'documents.id', 'bots.document_id')
          .select(['bots.id', 'bots.image_path', 'bots.document_id', 'documents.stored_path'])
          .executeTakeFirst();
        if (!bot) throw notFound();
        if (!(await currentPlan(trx, user.id)).canDeleteBots) {
          throw new AppError('forbidden', BOT_ADMIN_MSG.deleteNeedsPaidPlan, ERROR_CODES.paidPlanRequired);
        }
        // A concurrent delete got there first: this one found nothing left to delete.
        if (!(await ownBots.markDeleted(bot.id))) throw notFound();
        if (bot.document_id) {
          await trx.deleteFrom('documents').where('id', '=', bot.document_id).execute();
        }
        return [bot.image_path && avatarFileOf(bot.image_path), bot.stored_path].filter(
          (path): path is string => Boolean(path),
        );
      });
      for (const storedPath of removed) {
        try {
          await files.remove(storedPath);
        } catch (error) {
          log?.warn({ err: error, storedPath }, 'could not remove a deleted bot’s file');
        }
      }
      return { success: true };
    },

    /**
     * Puts the caller's bot first among the bots that stay live when they are over the plan's cap; the last
     * live one pauses in its place (decision 032).
     */
    async keepLive(user: User, botId: string): Promise<{ success: true }> {
      await updateOwn(user, botId, { kept_live_at: new Date().toISOString() });
      return { success: true };
    },

    async domains(user: User, botId: string): Promise<BotDomainsResponse> {
      const bot = await ownBot(user.id, botId);
      return { botId: bot.id, allowedDomains: parseJsonStrings(bot.allowed_domains) };
    },

    /** Limits the bot's widget to these websites; an empty list allows any. */
    async updateDomains(user: User, botId: string, allowedDomains: string[]): Promise<BotDomainsResponse> {
      await updateOwn(user, botId, {
        allowed_domains: JSON.stringify(allowedDomains),
        updated_at: new Date().toISOString(),
      });
      return { botId, allowedDomains };
    },

    /** The widget's look for this bot: one of the three themes. */
    async updateTheme(user: User, botId: string, themeId: ThemeId): Promise<BotThemeResponse> {
      await updateOwn(user, botId, { theme_id: themeId, updated_at: new Date().toISOString() });
      return { botId, themeId };
    },

    /**
     * The owner's settings: the settings columns only, never the document or the status, so nothing is rebuilt.
     * The bot's answer index keeps its version (`index_version`, set only by a build); the engine's answer
     * cache keys on the name, tone, creativity and contact, and the public bot info is read per request, so the
     * chat and the widget use the new values at once.
     */
    async updateSettings(
      user: User,
      botId: string,
      change: BotSettingsChange,
    ): Promise<UpdateBotSettingsResponse> {
      const columns = settingsColumns(change);
      if (change.avatar) await checkAvatarUpload(user, change.avatar);
      if (Object.keys(columns).length === 0) await ownBot(user.id, botId);
      else await updateOwn(user, botId, columns);
      // The upload's session is used up, as when the wizard saves; the old avatar's file goes with the uploads
      // cleanup (it keeps only files in use).
      if (change.avatar)
        await db.deleteFrom('wizard_sessions').where('id', '=', change.avatar.sessionId).execute();
      if (columns.contact_email) await deps.addresses?.ask(user, columns.contact_email);
      return { success: true };
    },

    /** A bot's avatar for anyone (the dashboard, the public chat, the widget); null when none or deleted. */
    async avatar(botId: string): Promise<{ imageId: string; png: Buffer } | null> {
      const bot = await bots.live().select('bots.image_path').where('bots.id', '=', botId).executeTakeFirst();
      if (!bot?.image_path) return null;
      try {
        return { imageId: bot.image_path, png: await files.read(avatarFileOf(bot.image_path)) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
export type BotAdminService = ReturnType<typeof botAdminService>;
