import type { Kysely } from 'kysely';

/**
 * The initial schema. Portable types only (`text`, `integer`), so the same statements run on SQLite and
 * PostgreSQL; see schema.ts for the conventions. Tables are created parents first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;

  await s
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text')
    .addColumn('display_name', 'text')
    .addColumn('email_verified', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_payment_id', 'text', (c) => c.notNull().unique())
    .addColumn('plan_key', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('payments_user_id_idx').on('payments').column('user_id').execute();

  await s
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_period_start', 'text', (c) => c.notNull())
    .addColumn('current_period_end', 'text')
    .addColumn('payment_id', 'text', (c) => c.references('payments.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createIndex('subscriptions_user_id_status_idx')
    .on('subscriptions')
    .columns(['user_id', 'status'])
    .execute();

  // document_id is a plain column: documents.session_id already points here, and a second foreign key
  // would make a cycle that SQLite cannot add after the fact (no ALTER TABLE ... ADD CONSTRAINT).
  await s
    .createTable('wizard_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text')
    .addColumn('image_path', 'text')
    .execute();
  await s.createIndex('wizard_sessions_expires_at_idx').on('wizard_sessions').column('expires_at').execute();

  await s
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.references('wizard_sessions.id').onDelete('set null'))
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('stored_path', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('text_chars', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('documents_session_id_idx').on('documents').column('session_id').execute();

  await s
    .createTable('passages')
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('heading', 'text')
    .addColumn('page', 'integer')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('token_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('passages_pk', ['document_id', 'ordinal'])
    .execute();

  await s
    .createTable('bots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('share_id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('welcome_message', 'text', (c) => c.notNull())
    .addColumn('tone', 'text', (c) => c.notNull())
    .addColumn('creativity', 'text', (c) => c.notNull())
    .addColumn('bot_type', 'text', (c) => c.notNull())
    .addColumn('theme_id', 'text', (c) => c.notNull())
    .addColumn('image_path', 'text')
    .addColumn('document_id', 'text', (c) => c.references('documents.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_reason', 'text')
    .addColumn('allowed_domains', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('generated_questions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('retrieval_index', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await s.createIndex('bots_user_id_status_idx').on('bots').columns(['user_id', 'status']).execute();
  await s.createIndex('bots_document_id_idx').on('bots').column('document_id').execute();

  await s
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('run_after', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('jobs_status_run_after_idx').on('jobs').columns(['status', 'run_after']).execute();

  await s
    .createTable('chat_usage')
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_usage_pk', ['bot_id', 'visitor_id', 'day'])
    .execute();

  await s
    .createTable('contact_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('page_views')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('referrer', 'text')
    .addColumn('visitor_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('page_views_created_at_idx').on('page_views').column('created_at').execute();

  await s
    .createTable('voice_agent_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

const TABLES_CHILDREN_FIRST = [
  'voice_agent_requests',
  'page_views',
  'contact_messages',
  'chat_usage',
  'jobs',
  'bots',
  'passages',
  'documents',
  'wizard_sessions',
  'subscriptions',
  'payments',
  'users',
];

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES_CHILDREN_FIRST) await db.schema.dropTable(table).execute();
}
