import type { Kysely } from 'kysely';

/**
 * Addresses an owner asked Vuxo to mail besides their sign-in email (decision 085): each waits until its holder
 * confirms it (`confirmed_at`). `mail_refusals` holds the addresses whose holder said "never mail me again", for
 * every owner. Addresses are stored in lower case.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_confirmations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .execute();
  await db.schema
    .createIndex('mail_confirmations_owner_address')
    .on('mail_confirmations')
    .columns(['user_id', 'address'])
    .unique()
    .execute();
  await db.schema
    .createTable('mail_refusals')
    .addColumn('address', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('emails_to_address')
    .on('emails')
    .columns(['to_address', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('emails_to_address').execute();
  await db.schema.dropTable('mail_refusals').execute();
  await db.schema.dropTable('mail_confirmations').execute();
}
