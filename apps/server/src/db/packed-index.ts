import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import type { BotsRepository } from './bots-repository.js';

const gzipped = promisify(gzip);
const gunzipped = promisify(gunzip);

/**
 * A bot's retrieval index is stored gzipped (decision 121, migration 0031): a 4.8 MiB document's index is about
 * 12 MB of JSON, and SQLite writes and reads a value that size in the event loop's thread for a third of a second.
 * Packed, it is a quarter of that, and the packing itself runs in libuv's thread pool.
 */
export const packIndex = (index: string): Promise<Uint8Array> => gzipped(index);

/** The stored row's index as the engine loads it; rows written before 0031 hold it as text. */
export async function unpackIndex(row: {
  retrieval_index: string;
  packed_index: Uint8Array | null;
}): Promise<string> {
  if (row.packed_index === null) return row.retrieval_index;
  return (await gunzipped(row.packed_index)).toString('utf8');
}

/** A bot's stored index, deleted or not (for the build's own checks and the benches); null before its first build. */
export async function storedIndexOf(db: Kysely<Database>, botId: string): Promise<string | null> {
  const row = await db
    .selectFrom('bot_indexes')
    .select(['retrieval_index', 'packed_index'])
    .where('bot_id', '=', botId)
    .executeTakeFirst();
  return row ? unpackIndex(row) : null;
}

/** A bot's stored retrieval index (the answer engine loads it once per bot version). */
export function botIndexReader(bots: BotsRepository) {
  return async (botId: string): Promise<string | null> => {
    const row = await bots
      .live()
      .innerJoin('bot_indexes', 'bot_indexes.bot_id', 'bots.id')
      .select(['bot_indexes.retrieval_index', 'bot_indexes.packed_index'])
      .where('bots.id', '=', botId)
      .executeTakeFirst();
    return row ? unpackIndex(row) : null;
  };
}
