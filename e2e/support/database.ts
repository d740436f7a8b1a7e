import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { Kysely, SqliteDialect, type Updateable } from 'kysely';
import type { BotStatus, PlanKey, ThemeId } from '@vuxo/shared';
import { subscribe as subscribeInDatabase } from '@vuxo/testkit';
import type { Database } from '../../apps/server/src/db/schema.ts';
import { runDataDir } from './env.ts';

/**
 * The e2e run's SQLite database, opened beside the server (WAL allows it) through the server's own typed schema,
 * for the few states no route makes: a paid subscription without a card, a bot held in a build status, and stored
 * text the product's validation would refuse.
 */
export async function withDatabase<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const sqlite = new Sqlite(path.join(runDataDir(), 'vuxo.db'));
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** Puts the user on a paid plan for a month. */
export const subscribe = (user: { uid: string }, planKey: PlanKey = 'basic') =>
  withDatabase((db) => subscribeInDatabase(db, user.uid, planKey));

const updateBot = (botId: string, values: Updateable<Database['bots']>) =>
  withDatabase((db) => db.updateTable('bots').set(values).where('id', '=', botId).execute());

export const setBotStatus = (botId: string, status: BotStatus) =>
  updateBot(botId, { status, updated_at: new Date().toISOString() });

/** Sets a bot's theme straight in its row (the Share dialog's choice, without the dialog). */
export const setBotTheme = (botId: string, themeId: ThemeId | string) =>
  updateBot(botId, { theme_id: themeId });

/** Renames a bot directly: the wizard refuses names with markup, so this is the only way to test them. */
export const setBotName = (botId: string, name: string) => updateBot(botId, { name });

export const setAllowedDomains = (botId: string, domains: string[]) =>
  updateBot(botId, { allowed_domains: JSON.stringify(domains) });
