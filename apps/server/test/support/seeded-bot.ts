import { saveConfigRequestSchema } from '@vuxo/shared';
import { HANDBOOK_TEXT, newSessionId, type BotSeeder, type BotSpec } from '@vuxo/testkit';
import type { Kysely } from 'kysely';
import { diskFileStore } from '../../src/adapters/files/file-store.js';
import { botsRepository } from '../../src/db/bots-repository.js';
import { insertDocumentText } from '../../src/db/document-texts.js';
import type { Database } from '../../src/db/schema.js';
import { buildKnowledgeHere, type BuiltKnowledge } from '../../src/engine/build/build-knowledge.js';
import { extractInThisThread } from '../../src/engine/extract/extract-core.js';
import { newId } from '../../src/ids.js';
import { readKnowledgeInput } from '../../src/services/bot-knowledge.js';
import { newBotRow } from '../../src/services/bots.js';

/** Each document's knowledge, built once in this worker whatever the number of bots seeded from it. */
const built = new Map<string, BuiltKnowledge>();

/**
 * The test kit's `seed` for an app on this database (decision 082): the document read by the upload's own
 * extraction (in this thread), stored as an upload is, the bot created and its index published through the
 * bots repository as the build job does (configuring → pending_cag → cag_generated). The wizard's choices are
 * checked by save-config's own schema. Only a text document: a file, an avatar or a plan's cap is the long way's.
 */
export function botSeeder(options: { db: Kysely<Database>; dataDir: string }): BotSeeder {
  const { db } = options;
  const files = diskFileStore(options.dataDir);
  const bots = botsRepository(db);
  return async (owner, spec: BotSpec) => {
    if (spec.file || spec.image) throw new Error('a seeded bot is made of text; upload a file the long way');
    const fileName = spec.fileName ?? 'handbook.txt';
    const bytes = new TextEncoder().encode(spec.text ?? HANDBOOK_TEXT);
    const documentId = newId('doc');
    const config = saveConfigRequestSchema.parse({
      sessionId: newSessionId(),
      botName: spec.name ?? 'Harbour Helper',
      welcomeMessage: spec.welcome ?? 'Hi! Ask me about our clinic.',
      documentName: fileName,
      documentPath: documentId,
      ...spec.config,
    });

    const extracted = await extractInThisThread(bytes);
    const storedPath = await files.save('documents', `${documentId}${extracted.extension}`, bytes);
    const botId = newId('bot');
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('documents')
        .values({
          id: documentId,
          session_id: null,
          original_name: fileName,
          stored_path: storedPath,
          mime_type: extracted.mimeType,
          size_bytes: bytes.byteLength,
          text_chars: extracted.text.length,
          created_at: new Date().toISOString(),
        })
        .execute();
      await insertDocumentText(trx, documentId, extracted);
      await botsRepository(trx).create(newBotRow(botId, owner.uid, documentId, config));
    });

    const stored = await readKnowledgeInput(db, botId);
    if (!stored) throw new Error(`the seeded bot ${botId} was not stored`);
    const key = JSON.stringify(stored.input);
    const knowledge = built.get(key) ?? buildKnowledgeHere(stored.input);
    built.set(key, knowledge);
    if (knowledge.passages.length === 0) throw new Error('the seeded document has no text to answer from');
    if (!(await bots.markIndexing(botId))) throw new Error(`the seeded bot ${botId} could not be indexed`);
    const { index, questions } = knowledge;
    const version = await bots.publishIndex(botId, { from: { status: 'pending_cag' }, index, questions });
    if (!version) throw new Error(`the seeded bot ${botId} could not be published`);
    return botId;
  };
}
