import type { Kysely } from 'kysely';
import { BRAND } from '@vuxo/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { BOT_BUILD_JOB, DEFAULT_THEME_ID, type BuildScheduler } from '../bots.js';
import { siteGuide } from './guide.js';

/** The site's own chat bot (decisions, section 6), owned by a user no one can sign in as. */
export const SITE_BOT = {
  userId: 'vuxo-site',
  botId: 'bot_vuxo_site',
  shareId: 'vuxo-assistant',
  documentId: 'doc_vuxo_site',
  name: `${BRAND} Assistant`,
  welcome: `Hi! I'm the ${BRAND} assistant. Ask me about building a chatbot, our plans, or how to reach us.`,
  documentName: `${BRAND.toLowerCase()}-guide.md`,
} as const;

/**
 * Makes sure the site bot exists and answers from the current guide: creates it on first start and
 * rebuilds it when the guide's text has changed (a new release, another support address) or its last build
 * failed. Safe to run on every start and from several servers at once.
 */
export async function ensureSiteBot(deps: {
  db: Kysely<Database>;
  builds: BuildScheduler;
  config: Pick<Config, 'supportEmail' | 'publicPhone'>;
}): Promise<'created' | 'rebuilt' | 'current'> {
  const { db, builds } = deps;
  const text = siteGuide(deps.config);
  const now = new Date().toISOString();
  const outcome = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        id: SITE_BOT.userId,
        email: null,
        display_name: BRAND,
        email_verified: 1,
        created_at: now,
        last_seen_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const document = await trx
      .selectFrom('documents')
      .select('text')
      .where('id', '=', SITE_BOT.documentId)
      .executeTakeFirst();
    const fields = {
      text,
      text_chars: text.length,
      size_bytes: Buffer.byteLength(text),
    };
    if (!document) {
      await trx
        .insertInto('documents')
        .values({
          id: SITE_BOT.documentId,
          session_id: null,
          original_name: SITE_BOT.documentName,
          // Built in, not uploaded: there is no file to keep or remove.
          stored_path: '',
          mime_type: 'text/markdown',
          created_at: now,
          ...fields,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    } else if (document.text !== text) {
      await trx.updateTable('documents').set(fields).where('id', '=', SITE_BOT.documentId).execute();
    }
    const bot = await trx
      .selectFrom('bots')
      .select('status')
      .where('id', '=', SITE_BOT.botId)
      .executeTakeFirst();
    if (!bot) {
      const created = await trx
        .insertInto('bots')
        .values({
          id: SITE_BOT.botId,
          user_id: SITE_BOT.userId,
          share_id: SITE_BOT.shareId,
          name: SITE_BOT.name,
          welcome_message: SITE_BOT.welcome,
          tone: 'friendly',
          creativity: 'restricted',
          bot_type: 'text',
          theme_id: DEFAULT_THEME_ID,
          image_path: null,
          document_id: SITE_BOT.documentId,
          status: 'configuring',
          status_reason: null,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      // Another server created it a moment ago: its build is on the way.
      if (Number(created.numInsertedOrUpdatedRows ?? 0n) === 0) return 'current';
      await builds.enqueue(BOT_BUILD_JOB, { botId: SITE_BOT.botId }, { trx });
      return 'created';
    }
    if (document?.text === text && bot.status !== 'error' && bot.status !== 'deleted') return 'current';
    await trx
      .updateTable('bots')
      .set({
        status: 'configuring',
        status_reason: null,
        deleted_at: null,
        document_id: SITE_BOT.documentId,
        updated_at: now,
      })
      .where('id', '=', SITE_BOT.botId)
      .execute();
    await builds.enqueue(BOT_BUILD_JOB, { botId: SITE_BOT.botId }, { trx });
    return 'rebuilt';
  });
  if (outcome !== 'current') builds.wake();
  return outcome;
}
