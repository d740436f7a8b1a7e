import type { Transaction } from 'kysely';
import type { Database } from './schema.js';

/**
 * Holds the bot's row until the transaction ends, so a count of what the bot has (its keys, its webhooks) and the
 * insert it allows are one step: two requests at once cannot both pass a plan's cap. SQLite runs one transaction
 * at a time, so it needs no lock.
 */
export async function lockBot(
  trx: Transaction<Database>,
  dialect: 'sqlite' | 'postgres',
  botId: string,
): Promise<void> {
  if (dialect === 'postgres')
    await trx.selectFrom('bots').select('id').where('id', '=', botId).forUpdate().execute();
}
