import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { botsRepository } from '../db/bots-repository.js';
import { buildKnowledge } from '../engine/build/index.js';
import type { DocumentText, WebPageText } from '../engine/passages/index.js';

type Db = Pick<Kysely<Database>, 'selectFrom'>;

/**
 * A bot's state and what its knowledge is built from: the document and the pages its website sources read (a
 * source whose refresh failed keeps the pages of its last good read).
 */
export interface KnowledgeInput {
  status: string;
  indexVersion: string;
  input: DocumentText;
}

/** Null for an unknown bot; a deleted one is returned with its status, for the caller to skip. */
export async function readKnowledgeInput(db: Db, botId: string): Promise<KnowledgeInput | null> {
  const bot = await db
    .selectFrom('bots')
    .innerJoin('documents', 'documents.id', 'bots.document_id')
    .select(['bots.status', 'bots.index_version', 'documents.text', 'documents.pages'])
    .where('bots.id', '=', botId)
    .executeTakeFirst();
  if (!bot) return null;
  const webPages: WebPageText[] = await db
    .selectFrom('source_pages')
    .innerJoin('bot_sources', 'bot_sources.id', 'source_pages.source_id')
    .select(['source_pages.url', 'source_pages.title', 'source_pages.text'])
    .where('bot_sources.bot_id', '=', botId)
    .orderBy('bot_sources.created_at')
    .orderBy('source_pages.source_id')
    .orderBy('source_pages.ordinal')
    .execute();
  const pages = bot.pages === null ? null : (JSON.parse(bot.pages) as DocumentText['pages']);
  return {
    status: bot.status,
    indexVersion: bot.index_version,
    input: { text: bot.text, pages, webPages },
  };
}

/** A new index version: unique, so two rebuilds in the same millisecond still differ. */
export const newIndexVersion = () => `${new Date().toISOString()}~${randomUUID().slice(0, 8)}`;

/**
 * Rebuilds a Ready bot's index from its document and its website pages, keeping its status: the bot answers
 * from its old index until the new one is written. A rebuild that finds the index changed under it (another
 * source was read meanwhile) starts again from what is stored now, so the last one written has every page.
 */
export function knowledgeRebuilder(
  db: Kysely<Database>,
  options: { onReady?: (botId: string, version: string) => Promise<void> } = {},
) {
  return async function rebuildKnowledge(botId: string, signal?: AbortSignal): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const bot = await readKnowledgeInput(db, botId);
      // A bot still building reads the pages itself when its build runs.
      if (!bot || bot.status !== 'cag_generated') return;
      const { passages, index } = await buildKnowledge(bot.input, { signal });
      if (passages.length === 0) return;
      const version = newIndexVersion();
      const written = await db.transaction().execute(async (trx) => {
        if (!(await botsRepository(trx).moveIndexVersion(botId, bot.indexVersion, version))) return false;
        await trx
          .updateTable('bot_indexes')
          .set({ retrieval_index: index })
          .where('bot_id', '=', botId)
          .execute();
        return true;
      });
      if (written) {
        await options.onReady?.(botId, version).catch(() => undefined);
        return;
      }
    }
    throw new Error('The bot changed too often to rebuild its knowledge');
  };
}
export type KnowledgeRebuilder = ReturnType<typeof knowledgeRebuilder>;
