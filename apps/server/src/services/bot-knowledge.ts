import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { botsRepository } from '../db/bots-repository.js';
import { buildKnowledge } from '../engine/build/index.js';
import type { DocumentText, WebPageText } from '../engine/passages/index.js';

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
export async function readKnowledgeInput(
  db: Kysely<Database>,
  botId: string,
): Promise<KnowledgeInput | null> {
  const bot = await botsRepository(db)
    .withDeleted()
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

/**
 * Rebuilds a Ready bot's index from its document and its website pages, keeping its status: the bot answers
 * from its old index until the new one is written. A rebuild that finds the index changed under it (another
 * source was read meanwhile) starts again from what is stored now, so the last one written has every page.
 */
export function knowledgeRebuilder(deps: {
  db: Kysely<Database>;
  onReady?: (botId: string, version: string) => Promise<void>;
}) {
  const { db } = deps;
  return async function rebuildKnowledge(botId: string, signal?: AbortSignal): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const bot = await readKnowledgeInput(db, botId);
      // A bot still building reads the pages itself when its build runs.
      if (!bot || bot.status !== 'cag_generated') return;
      const { passages, index } = await buildKnowledge(bot.input, { signal });
      if (passages.length === 0) return;
      const version = await botsRepository(db).publishIndex(botId, {
        from: { status: 'cag_generated', version: bot.indexVersion },
        index,
      });
      if (version) {
        await deps.onReady?.(botId, version).catch(() => undefined);
        return;
      }
    }
    throw new Error('The bot changed too often to rebuild its knowledge');
  };
}
export type KnowledgeRebuilder = ReturnType<typeof knowledgeRebuilder>;
