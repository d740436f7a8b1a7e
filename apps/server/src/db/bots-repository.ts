import { randomUUID } from 'node:crypto';
import { sql, type Expression, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { BotStatus } from '@vuxo/shared';
import type { BotsTable, Database } from './schema.js';
import { newId } from '../ids.js';
import { statusesBefore } from './bot-transitions.js';
import { packIndex } from './packed-index.js';

/** What a new bot is made of; its status, timestamps and versions are the repository's. */
export type NewBot = Omit<
  Insertable<BotsTable>,
  'status' | 'status_reason' | 'created_at' | 'updated_at' | 'deleted_at' | 'index_version' | 'kept_live_at'
>;

/** The owner's settings of a bot; its status, index and versions change only through the transitions below. */
export type BotSettings = Omit<
  Updateable<BotsTable>,
  | 'id'
  | 'status'
  | 'status_reason'
  | 'index_version'
  | 'corrections_version'
  | 'deleted_at'
  | 'created_at'
  | 'knowledge_error'
>;

/** What a chat message needs of its bot, its contact and its place under the plan's cap included. */
export interface ChatBotRow extends Pick<
  BotsTable,
  'id' | 'user_id' | 'name' | 'tone' | 'creativity' | 'status' | 'contact_email'
> {
  no_contact: number | string;
  /** The owner turned visitors' requests off (decision 068). */
  requests_off: number | string;
  owner_email: string | null;
  original_name: string | null;
  index_version: string;
  corrections_version: string;
  /** See `botsAhead`: past the plan's cap, the bot is paused. */
  bots_ahead: number | string;
}

/** A new index version: unique, so two publishes in the same millisecond still differ. */
export const newIndexVersion = () => `${new Date().toISOString()}~${randomUUID().slice(0, 8)}`;

const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) > 0;

/**
 * The one owner of the `bots` table: every read and write of a bot row goes through here (decision 021), and its
 * status changes only through the transitions of bot-transitions.ts. A deleted bot is kept as a row (its id is
 * never reused) but is gone for every caller: each query here starts from the live bots, so "not deleted" is
 * written once; `withDeleted` is for the few readers that must see every row (staff, clean-up, builds).
 */
export function botsRepository(db: Kysely<Database>) {
  /** Every bot that is not deleted; further `where`s, joins and selects are the caller's. */
  const live = () => db.selectFrom('bots').where('bots.status', '!=', 'deleted');

  /** A live bot by its id or its share id (the widget's calls take either). */
  const byIdentifier = (identifier: string) =>
    live().where((eb) => eb.or([eb('bots.id', '=', identifier), eb('bots.share_id', '=', identifier)]));

  /** Moves a bot to `to` when its status allows it; true when it moved. */
  const transition = (
    botId: string,
    to: BotStatus,
    values: Updateable<BotsTable> = {},
    executor: Kysely<Database> = db,
  ) =>
    executor
      .updateTable('bots')
      .set({ ...values, status: to, updated_at: values.updated_at ?? new Date().toISOString() })
      .where('id', '=', botId)
      .where('status', 'in', statusesBefore(to))
      .executeTakeFirst()
      .then(changed);

  /** In the caller's transaction, or a new one. */
  const atomically = <T>(work: (trx: Kysely<Database>) => Promise<T>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);

  return {
    live,
    byIdentifier,
    /** Every bot row, deleted ones too. */
    withDeleted: () => db.selectFrom('bots'),

    /** The owner's live bots; `userId` a value or a column of the caller's query (e.g. `eb.ref('users.id')`). */
    ofOwner: (userId: string | Expression<string>) => live().where('bots.user_id', '=', userId),

    /** A live bot of this owner; another user's bot is not found, like an unknown one. */
    ownedBy: (userId: string, botId: string) =>
      live().where('bots.id', '=', botId).where('bots.user_id', '=', userId),

    /**
     * A live bot for a chat message, with its owner's email, its document's name and its place under the cap.
     * Written in SQL rather than built: it runs for every visitor message (see chat-usage.ts); the bot's contact
     * comes in the same query (decision 009: no extra query per message).
     */
    async forChat(identifier: string): Promise<ChatBotRow | undefined> {
      const { rows } = await sql<ChatBotRow>`
      select bots.id, bots.user_id, bots.name, bots.tone, bots.creativity, bots.status, bots.index_version,
        bots.corrections_version, bots.contact_email, bots.no_contact, bots.requests_off, users.email as owner_email,
        documents.original_name,
        ${botsAhead} as bots_ahead
      from bots
        left join users on users.id = bots.user_id
        left join documents on documents.id = bots.document_id
      where (bots.id = ${identifier} or bots.share_id = ${identifier}) and bots.status != 'deleted'`.execute(
        db,
      );
      return rows[0];
    },

    /**
     * The bots (deleted ones too) that point at a document, as their first or another one (ready or pending): for
     * "no bot uses it" in a query of documents.
     */
    usingDocument: (documentId: Expression<string>) =>
      db
        .selectFrom('bots')
        .select('bots.id')
        .where('bots.document_id', '=', documentId)
        .union(db.selectFrom('bot_documents').select('bot_id as id').where('document_id', '=', documentId)),

    /**
     * A new bot, `configuring` until its build publishes an index; false when a bot with its id exists (two
     * servers creating the same built-in bot: the first one wins).
     */
    async create(bot: NewBot): Promise<boolean> {
      const now = new Date().toISOString();
      const result = await db
        .insertInto('bots')
        .values({
          ...bot,
          status: 'configuring',
          status_reason: null,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    /** Changes a live bot's settings (of this owner, when given); true when there was one to change. */
    async update(botId: string, values: BotSettings, ownerId?: string): Promise<boolean> {
      let query = db.updateTable('bots').set(values).where('id', '=', botId).where('status', '!=', 'deleted');
      if (ownerId !== undefined) query = query.where('user_id', '=', ownerId);
      return changed(await query.executeTakeFirst());
    },

    /** A build is scheduled: `configuring`, from any status (the site's own bots are rebuilt, even when deleted). */
    markBuilding: (botId: string, changes: { documentId?: string } = {}) =>
      transition(botId, 'configuring', {
        status_reason: null,
        deleted_at: null,
        ...(changes.documentId !== undefined ? { document_id: changes.documentId } : {}),
      }),

    /** The build has indexed the document's passages: `pending_cag`. */
    markIndexing: (botId: string) => transition(botId, 'pending_cag'),

    /**
     * Publishes a new index and makes the bot Ready (`cag_generated`), if the bot is still as the caller left or
     * read it (`from`: its status, and its index version for a rebuild; a compare-and-set, so of two builders
     * only one writes). A build stores its suggested questions too; a rebuild keeps them. Returns the new version, or null when the bot
     * changed meanwhile.
     */
    async publishIndex(
      botId: string,
      publish: {
        from: { status: BotStatus; version?: string };
        index: string;
        questions?: string[];
        /** Pending documents (bot_documents) the index was built from: they are put in use with it. */
        documents?: string[];
      },
    ): Promise<string | null> {
      if (!statusesBefore('cag_generated').includes(publish.from.status)) return null;
      const version = newIndexVersion();
      const stored = { retrieval_index: '', packed_index: await packIndex(publish.index) };
      return atomically(async (trx) => {
        const moved = await trx
          .updateTable('bots')
          .set({
            status: 'cag_generated',
            status_reason: null,
            index_version: version,
            ...(publish.documents ? { knowledge_error: null } : {}),
            // A build changes the bot; a rebuild (its website pages read again) only its index.
            ...(publish.questions
              ? {
                  generated_questions: JSON.stringify(publish.questions),
                  updated_at: new Date().toISOString(),
                }
              : {}),
          })
          .where('id', '=', botId)
          .where('status', '=', publish.from.status)
          .$if(publish.from.version !== undefined, (q) =>
            q.where('index_version', '=', publish.from.version!),
          )
          .executeTakeFirst();
        if (!changed(moved)) return null;
        await trx
          .insertInto('bot_indexes')
          .values({ bot_id: botId, ...stored })
          .onConflict((oc) => oc.column('bot_id').doUpdateSet(stored))
          .execute();
        for (const documentId of publish.documents ?? []) await putInUse(trx, botId, documentId);
        return version;
      });
    },

    /** The owner's change of documents could not be built: the pending ones go, and the owner reads why. */
    dropPendingDocuments: (botId: string, reason: string) =>
      atomically(async (trx) => {
        await trx
          .deleteFrom('bot_documents')
          .where('bot_id', '=', botId)
          .where('status', '=', 'pending')
          .execute();
        await trx.updateTable('bots').set({ knowledge_error: reason }).where('id', '=', botId).execute();
      }),

    /** The build gave up: `error`, with a reason the owner can read. */
    markFailed: (botId: string, reason: string) => transition(botId, 'error', { status_reason: reason }),

    /**
     * Soft-deletes a bot: `deleted`, its document, avatar and questions unlinked and its index removed (the
     * caller removes the document and files). True when this call deleted it.
     */
    markDeleted: (botId: string) =>
      atomically(async (trx) => {
        const now = new Date().toISOString();
        const deleted = await transition(
          botId,
          'deleted',
          {
            deleted_at: now,
            updated_at: now,
            image_path: null,
            document_id: null,
            generated_questions: '[]',
            owner_questions: null,
            status_reason: null,
          },
          trx,
        );
        if (deleted) {
          await trx.deleteFrom('bot_indexes').where('bot_id', '=', botId).execute();
          await trx.deleteFrom('bot_documents').where('bot_id', '=', botId).execute();
        }
        return deleted;
      }),

    /** The owner's visitor-request settings (decision 068): on or off, and where notifications go. */
    async setRequestSettings(botId: string, settings: { on: boolean; email: string | null }): Promise<void> {
      await db
        .updateTable('bots')
        .set({ requests_off: settings.on ? 0 : 1, requests_email: settings.email })
        .where('id', '=', botId)
        .execute();
    },

    /** The owner's list of suggested questions (JSON), or null to show the build's again (decision 107). */
    async setOwnerQuestions(botId: string, questions: string | null): Promise<void> {
      await db.updateTable('bots').set({ owner_questions: questions }).where('id', '=', botId).execute();
    },

    /** Clears the reason the last knowledge change failed, when a new one is on its way (decision 065). */
    async clearKnowledgeError(botId: string): Promise<void> {
      await db.updateTable('bots').set({ knowledge_error: null }).where('id', '=', botId).execute();
    },

    /** A new corrections version: every process reads the owner's changed corrections or fact edits at once. */
    async touchCorrections(botId: string): Promise<void> {
      await db
        .updateTable('bots')
        .set({ corrections_version: newId('cv', 12) })
        .where('id', '=', botId)
        .execute();
    },

    /** The bot's corrections version ('' for an unknown bot). */
    async correctionsVersionOf(botId: string): Promise<string> {
      const row = await db
        .selectFrom('bots')
        .select('corrections_version')
        .where('id', '=', botId)
        .executeTakeFirst();
      return row?.corrections_version ?? '';
    },

    /** The websites a live bot's widget may appear on (an empty list: any); null when there is no such bot. */
    async domainsOf(identifier: string): Promise<string[] | null> {
      const row = await byIdentifier(identifier).select('bots.allowed_domains').executeTakeFirst();
      return row ? parseJsonStrings(row.allowed_domains).filter((domain) => domain !== '') : null;
    },

    /** The bots that count against an owner's plan: every bot not deleted. */
    async countOf(userId: string): Promise<number> {
      const row = await live()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('bots.user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type BotsRepository = ReturnType<typeof botsRepository>;

/**
 * How many of its owner's other live bots come before the bot in `bots` in the order bots stay live in when the
 * owner has more than the plan allows (decision 032): those the owner chose to keep live, latest choice first,
 * then the oldest. A bot with at least the plan's cap ahead of it is paused. Read it with `Number()`
 * (PostgreSQL counts in bigint, which arrives as text).
 */
export const botsAhead = sql<number | string>`(select count(*) from bots ahead
  where ahead.user_id = bots.user_id and ahead.status != 'deleted' and ahead.id != bots.id and (
    (ahead.kept_live_at is not null and (bots.kept_live_at is null or ahead.kept_live_at > bots.kept_live_at
      or (ahead.kept_live_at = bots.kept_live_at and ahead.id < bots.id)))
    or (ahead.kept_live_at is null and bots.kept_live_at is null and (ahead.created_at < bots.created_at
      or (ahead.created_at = bots.created_at and ahead.id < bots.id)))))`;

/**
 * A pending document in use: it takes the place of the document it replaces (the bot's first, or another), or is
 * added. The replaced document is left to the uploads clean-up, which removes documents no bot uses.
 */
async function putInUse(trx: Kysely<Database>, botId: string, documentId: string): Promise<void> {
  const row = await trx
    .selectFrom('bot_documents')
    .select('replaces')
    .where('document_id', '=', documentId)
    .where('bot_id', '=', botId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (!row) return;
  if (row.replaces !== null) {
    const first = await trx
      .updateTable('bots')
      .set({ document_id: documentId })
      .where('id', '=', botId)
      .where('document_id', '=', row.replaces)
      .executeTakeFirst();
    await trx.deleteFrom('bot_documents').where('document_id', '=', row.replaces).execute();
    if (changed(first)) {
      await trx.deleteFrom('bot_documents').where('document_id', '=', documentId).execute();
      return;
    }
  }
  await trx
    .updateTable('bot_documents')
    .set({ status: 'ready', replaces: null })
    .where('document_id', '=', documentId)
    .execute();
}

/** A JSON text column holding a list of strings (domains, questions); anything else reads as empty. */
export function parseJsonStrings(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
