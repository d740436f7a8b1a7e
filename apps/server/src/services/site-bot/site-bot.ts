import type { Kysely } from 'kysely';
import { BRAND, type Tone } from '@vuxo/shared';
import type { Config } from '../../config.js';
import { botsRepository } from '../../db/bots-repository.js';
import type { Database } from '../../db/schema.js';
import { insertDocumentText } from '../../db/document-texts.js';
import { BOT_BUILD_JOB, DEFAULT_THEME_ID, type BuildScheduler } from '../bots.js';
import { siteGuide } from './guide.js';

/** The user that owns the site's own bots; no one can sign in as it. */
const SITE_USER_ID = 'vuxo-site';
const SITE_SUBSCRIPTION_ID = 'sub_vuxo_site';

/** A bot the product builds for itself from a document it ships: the site's assistant and the demo bots. */
export interface BuiltInBot {
  botId: string;
  shareId: string;
  documentId: string;
  name: string;
  welcome: string;
  documentName: string;
  tone: Tone;
}

/** The site's own chat bot. */
export const SITE_BOT = {
  userId: SITE_USER_ID,
  botId: 'bot_vuxo_site',
  shareId: 'vuxo-assistant',
  documentId: 'doc_vuxo_site',
  name: `${BRAND} Assistant`,
  welcome: `Hi! I'm the ${BRAND} assistant. Ask me about building a chatbot, our plans, or how to reach us.`,
  documentName: `${BRAND.toLowerCase()}-guide.md`,
  tone: 'friendly',
} as const satisfies BuiltInBot & { userId: string };

interface BuiltInDeps {
  db: Kysely<Database>;
  builds: BuildScheduler;
}

/** Makes sure the site bot exists and answers from the current guide (see ensureBuiltInBot). */
export function ensureSiteBot(
  deps: BuiltInDeps & { config: Pick<Config, 'supportEmail' | 'publicPhone'> },
): Promise<'created' | 'rebuilt' | 'current'> {
  return ensureBuiltInBot(deps, SITE_BOT, siteGuide(deps.config));
}

/**
 * Makes sure a built-in bot exists and answers from `text`: creates it on first start and rebuilds it when the
 * text has changed (a new release, another support address) or its last build failed. Safe to run on every
 * start and from several servers at once.
 */
export async function ensureBuiltInBot(
  deps: BuiltInDeps,
  spec: BuiltInBot,
  text: string,
): Promise<'created' | 'rebuilt' | 'current'> {
  const { db, builds } = deps;
  const now = new Date().toISOString();
  const outcome = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        id: SITE_USER_ID,
        email: null,
        display_name: BRAND,
        email_verified: 1,
        created_at: now,
        last_seen_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    // The site's bots are more than the Free Trial's cap: their user is on Enterprise, so none pauses (decision 032).
    await trx
      .insertInto('subscriptions')
      .values({
        id: SITE_SUBSCRIPTION_ID,
        user_id: SITE_USER_ID,
        plan_key: 'enterprise',
        status: 'active',
        current_period_start: now,
        current_period_end: null,
        payment_id: null,
        created_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const document = await trx
      .selectFrom('document_texts')
      .select('text')
      .where('document_id', '=', spec.documentId)
      .executeTakeFirst();
    const fields = { text_chars: text.length, size_bytes: Buffer.byteLength(text) };
    if (!document) {
      await trx
        .insertInto('documents')
        .values({
          id: spec.documentId,
          session_id: null,
          original_name: spec.documentName,
          // Built in, not uploaded: there is no file to keep or remove.
          stored_path: '',
          mime_type: 'text/markdown',
          created_at: now,
          ...fields,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await insertDocumentText(trx, spec.documentId, { text, pages: null });
    } else if (document.text !== text) {
      await trx.updateTable('documents').set(fields).where('id', '=', spec.documentId).execute();
      await trx
        .updateTable('document_texts')
        .set({ text })
        .where('document_id', '=', spec.documentId)
        .execute();
    }
    const bots = botsRepository(trx);
    const bot = await bots.withDeleted().select('status').where('id', '=', spec.botId).executeTakeFirst();
    if (!bot) {
      const created = await bots.create({
        id: spec.botId,
        user_id: SITE_USER_ID,
        share_id: spec.shareId,
        name: spec.name,
        welcome_message: spec.welcome,
        tone: spec.tone,
        creativity: 'restricted',
        bot_type: 'text',
        theme_id: DEFAULT_THEME_ID,
        image_path: null,
        document_id: spec.documentId,
      });
      // Another server created it a moment ago: its build is on the way.
      if (!created) return 'current';
      await builds.enqueue(BOT_BUILD_JOB, { botId: spec.botId }, { trx });
      return 'created';
    }
    if (document?.text === text && bot.status !== 'error' && bot.status !== 'deleted') return 'current';
    await bots.markBuilding(spec.botId, { documentId: spec.documentId });
    await builds.enqueue(BOT_BUILD_JOB, { botId: spec.botId }, { trx });
    return 'rebuilt';
  });
  if (outcome !== 'current') builds.wake();
  return outcome;
}
