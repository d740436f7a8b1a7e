import type { Kysely } from 'kysely';
import { WIZARD_SESSION_TTL_MS } from '@vuxo/shared';
import { botsRepository } from '../db/bots-repository.js';
import type { Database } from '../db/schema.js';
import type { FileStore } from '../adapters/files/file-store.js';
import { avatarFileOf } from './wizard-sessions.js';

/**
 * Uploads are kept with their wizard session for 24 hours. The sweep removes
 * expired sessions, documents no bot uses, avatar files no bot or live session uses, and scans kept for a
 * background reading (which ends in minutes) that nothing removed.
 */
export function uploadCleanup({ db, files }: { db: Kysely<Database>; files: FileStore }) {
  const bots = botsRepository(db);
  return {
    async sweep(now = new Date()): Promise<{ sessions: number; documents: number; avatars: number }> {
      const cutoff = new Date(now.getTime() - WIZARD_SESSION_TTL_MS).toISOString();
      const sessions = await db
        .deleteFrom('wizard_sessions')
        .where('expires_at', '<=', now.toISOString())
        .executeTakeFirst();

      const orphans = await db
        .selectFrom('documents')
        .select(['id', 'stored_path'])
        .where('session_id', 'is', null)
        .where('created_at', '<=', cutoff)
        .where((eb) => eb.not(eb.exists(bots.usingDocument(eb.ref('documents.id')))))
        .execute();
      for (const doc of orphans) {
        await db.deleteFrom('documents').where('id', '=', doc.id).execute();
        await files.remove(doc.stored_path);
      }

      const [botImages, sessionImages] = await Promise.all([
        bots.withDeleted().select('image_path').where('image_path', 'is not', null).execute(),
        db.selectFrom('wizard_sessions').select('image_path').where('image_path', 'is not', null).execute(),
      ]);
      const inUse = new Set([...botImages, ...sessionImages].map((row) => avatarFileOf(row.image_path!)));
      let avatars = 0;
      for (const file of await files.list('avatars')) {
        if (inUse.has(file.storedPath) || file.modifiedAt.toISOString() > cutoff) continue;
        await files.remove(file.storedPath);
        avatars += 1;
      }
      for (const file of await files.list('readings')) {
        if (file.modifiedAt.toISOString() <= cutoff) await files.remove(file.storedPath);
      }
      return { sessions: Number(sessions.numDeletedRows), documents: orphans.length, avatars };
    },
  };
}
