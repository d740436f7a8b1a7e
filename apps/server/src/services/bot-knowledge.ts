import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { botsRepository } from '../db/bots-repository.js';
import { buildKnowledge } from '../engine/build/index.js';
import type { DocumentText, NamedDocumentText, WebPageText } from '../engine/passages/index.js';

/**
 * A bot's state and what its knowledge is built from: its documents and the pages its website sources read (a
 * source whose refresh failed keeps the pages of its last good read). With `pending`, the documents waiting for a
 * rebuild take the place of those they replace, or are added; `pending` lists the ones read.
 */
export interface KnowledgeInput {
  status: string;
  indexVersion: string;
  input: DocumentText;
  pending: string[];
}

type StoredDocument = NamedDocumentText & { id: string };

const parsePages = (pages: string | null) =>
  pages === null ? null : (JSON.parse(pages) as DocumentText['pages']);

/** Null for an unknown bot; a deleted one is returned with its status, for the caller to skip. */
export async function readKnowledgeInput(
  db: Kysely<Database>,
  botId: string,
  options: { pending?: boolean } = {},
): Promise<KnowledgeInput | null> {
  const bot = await botsRepository(db)
    .withDeleted()
    .innerJoin('documents', 'documents.id', 'bots.document_id')
    .innerJoin('document_texts', 'document_texts.document_id', 'documents.id')
    .select([
      'bots.status',
      'bots.index_version',
      'documents.id',
      'documents.original_name',
      'document_texts.text',
      'document_texts.pages',
    ])
    .where('bots.id', '=', botId)
    .executeTakeFirst();
  if (!bot) return null;
  const [others, webPages] = await Promise.all([
    db
      .selectFrom('bot_documents')
      .innerJoin('documents', 'documents.id', 'bot_documents.document_id')
      .innerJoin('document_texts', 'document_texts.document_id', 'documents.id')
      .select([
        'documents.id',
        'documents.original_name',
        'document_texts.text',
        'document_texts.pages',
        'bot_documents.status',
        'bot_documents.replaces',
      ])
      .where('bot_documents.bot_id', '=', botId)
      .$if(!options.pending, (q) => q.where('bot_documents.status', '=', 'ready'))
      .orderBy('bot_documents.created_at')
      .orderBy('bot_documents.document_id')
      .execute(),
    db
      .selectFrom('source_pages')
      .innerJoin('bot_sources', 'bot_sources.id', 'source_pages.source_id')
      .select(['source_pages.url', 'source_pages.title', 'source_pages.text'])
      .where('bot_sources.bot_id', '=', botId)
      .orderBy('bot_sources.created_at')
      .orderBy('source_pages.source_id')
      .orderBy('source_pages.ordinal')
      .execute() as Promise<WebPageText[]>,
  ]);
  const stored = (row: {
    id: string;
    original_name: string;
    text: string;
    pages: string | null;
  }): StoredDocument => ({
    id: row.id,
    name: row.original_name,
    text: row.text,
    pages: parsePages(row.pages),
  });

  // Each pending document stands in for the one it replaces, or comes after the others.
  const replacement = new Map(
    others.filter((row) => row.status === 'pending' && row.replaces).map((row) => [row.replaces!, row]),
  );
  const inUse = (row: Parameters<typeof stored>[0]) => stored(replacement.get(row.id) ?? row);
  const documents = [
    inUse(bot),
    ...others.filter((row) => row.status === 'ready').map(inUse),
    ...others.filter((row) => row.status === 'pending' && !row.replaces).map(stored),
  ];
  const [first, ...rest] = documents;
  return {
    status: bot.status,
    indexVersion: bot.index_version,
    input: { text: first!.text, pages: first!.pages, documents: rest, webPages },
    pending: others.filter((row) => row.status === 'pending').map((row) => row.id),
  };
}

/**
 * Rebuilds a Ready bot's index from its documents and its website pages, keeping its status: the bot answers
 * from its old index until the new one is written. A rebuild that finds the index changed under it (another
 * source was read meanwhile) starts again from what is stored now, so the last one written has every page. With
 * `pending`, the owner's pending documents are built in and put in use with the index (decision 065).
 */
export function knowledgeRebuilder(deps: {
  db: Kysely<Database>;
  onReady?: (botId: string, version: string) => Promise<void>;
}) {
  const { db } = deps;
  return async function rebuildKnowledge(
    botId: string,
    signal?: AbortSignal,
    options: { pending?: boolean } = {},
  ): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const bot = await readKnowledgeInput(db, botId, { pending: options.pending === true });
      // A bot still building reads the pages itself when its build runs.
      if (!bot || bot.status !== 'cag_generated') return;
      if (options.pending && bot.pending.length === 0) return;
      const { passages, index, questions } = await buildKnowledge(bot.input, { signal });
      if (passages.length === 0) return;
      const version = await botsRepository(db).publishIndex(botId, {
        from: { status: 'cag_generated', version: bot.indexVersion },
        index,
        // New documents bring their own suggested questions; a page read again keeps them.
        ...(options.pending ? { documents: bot.pending, questions } : {}),
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
