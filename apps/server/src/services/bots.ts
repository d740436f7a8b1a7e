import type { Kysely, Transaction } from 'kysely';
import {
  ERROR_CODES,
  WIZARD_MSG,
  contactChoiceOf,
  type BotConfig,
  type SaveConfigResponse,
} from '@vuxo/shared';
import type { MailAddresses } from './email/mail-addresses.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import { botsRepository, type NewBot } from '../db/bots-repository.js';
import { currentPlan, maxBotsOf } from './plans.js';
import type { User } from './users.js';

export const BOT_BUILD_JOB = 'bot.build';
export const DEFAULT_THEME_ID = 'default';

/** How bots get their build job; the job queue, inside the save's transaction. */
export interface BuildScheduler {
  enqueue(
    kind: string,
    payload: { botId: string },
    options: { trx: Transaction<Database> },
  ): Promise<unknown>;
  /** Starts the build now rather than at the next poll. */
  wake(): void;
}

/** The row of a bot the wizard saves: its settings from the wizard's choices, and a new share id. */
export function newBotRow(botId: string, userId: string, documentId: string, config: BotConfig): NewBot {
  const contact = contactChoiceOf(config);
  return {
    id: botId,
    user_id: userId,
    share_id: newId('', 16),
    name: config.botName,
    welcome_message: config.welcomeMessage,
    tone: config.chatbotTone,
    creativity: config.creativityLevel,
    bot_type: config.botType,
    theme_id: DEFAULT_THEME_ID,
    image_path: config.tempImagePath ?? null,
    document_id: documentId,
    contact_email: contact === 'other' ? (config.contactEmail ?? null) : null,
    no_contact: contact === 'none' ? 1 : 0,
  };
}

export function botsService(deps: {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  builds: BuildScheduler;
  /** Asks an "other" contact's holder to confirm before requests are mailed there (decision 085). */
  addresses?: Pick<MailAddresses, 'ask'>;
}) {
  const { db, dialect, builds } = deps;

  /** Locks the user's row so concurrent saves count bots one at a time (SQLite runs one transaction at a time). */
  async function lockUser(trx: Transaction<Database>, userId: string) {
    if (dialect === 'postgres')
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  }

  return {
    /** Saves the wizard's bot, within the plan's cap, and schedules its build. */
    async save(user: User, config: BotConfig): Promise<SaveConfigResponse> {
      const result = await db.transaction().execute(async (trx) => {
        await lockUser(trx, user.id);
        const session = await trx
          .selectFrom('wizard_sessions')
          .selectAll()
          .where('id', '=', config.sessionId)
          .executeTakeFirst();
        const expired = !session || session.expires_at <= new Date().toISOString();
        if (expired || (session.user_id !== null && session.user_id !== user.id)) {
          throw new AppError('conflict', WIZARD_MSG.sessionExpired);
        }
        const document = await trx
          .selectFrom('documents')
          .select('id')
          .where('id', '=', config.documentPath)
          .where('session_id', '=', session.id)
          .executeTakeFirst();
        if (!document) throw new AppError('invalid', WIZARD_MSG.documentRequired);
        if (config.tempImagePath && config.tempImagePath !== session.image_path) {
          throw new AppError('invalid', WIZARD_MSG.avatarExpired);
        }

        const plan = await currentPlan(trx, user.id);
        const maxBots = maxBotsOf(plan);
        const botCount = await botsRepository(trx).countOf(user.id);
        if (botCount >= maxBots) {
          throw new AppError('forbidden', WIZARD_MSG.limitText(maxBots), ERROR_CODES.botLimitReached, {
            maxBots,
          });
        }
        if (config.botType === 'phone' && !plan.phoneBot) {
          throw new AppError('forbidden', 'The phone bot requires a paid plan.', 'PLAN_REQUIRED', {
            maxBots,
          });
        }

        const botId = newId('bot');
        await botsRepository(trx).create(newBotRow(botId, user.id, document.id, config));
        // The session is used up: its document now belongs to the bot (documents.session_id is set null).
        await trx.deleteFrom('wizard_sessions').where('id', '=', session.id).execute();
        await builds.enqueue(BOT_BUILD_JOB, { botId }, { trx });
        return { botId, botCount: botCount + 1 };
      });
      builds.wake();
      if (contactChoiceOf(config) === 'other' && config.contactEmail)
        await deps.addresses?.ask(user, config.contactEmail);
      return result;
    },
  };
}
export type BotsService = ReturnType<typeof botsService>;
