import { BOT_ADMIN_MSG, ERROR_CODES } from '@vuxo/shared';
import type { BotsRepository } from '../../db/bots-repository.js';
import { AppError } from '../../errors.js';
import type { User } from '../users.js';

export const botNotFound = () => new AppError('notFound', BOT_ADMIN_MSG.botNotFound, ERROR_CODES.botNotFound);

/**
 * Every owner call of the insights answers 404 for a bot that is not the caller's, as for one that does not
 * exist.
 */
export function ownBotCheck(bots: BotsRepository) {
  return async function ownBot(user: User, botId: string): Promise<void> {
    const bot = await bots.ownedBy(user.id, botId).select('bots.id').executeTakeFirst();
    if (!bot) throw botNotFound();
  };
}
