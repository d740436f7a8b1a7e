import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { dataLayerDatabases, type TestDatabase } from '../support/databases.js';
import { id, insertBot, insertDocument, insertUser, now } from './fixtures.js';

describe.each(dataLayerDatabases())('constraints on $name', ({ open }) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  beforeEach(async () => {
    database = await open();
    db = database.db;
  });
  afterEach(() => database.close());

  const countBots = async () =>
    (
      await db
        .selectFrom('bots')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it('refuse a bot for a user that does not exist', async () => {
    await expect(insertBot(db, 'no-such-user')).rejects.toThrow(/foreign key/i);
    expect(await countBots()).toBe(0);
  });

  it('refuse a second bot with the same share_id', async () => {
    const userId = await insertUser(db);
    await insertBot(db, userId, { share_id: 'abc123' });
    await expect(insertBot(db, userId, { share_id: 'abc123' })).rejects.toThrow(/unique/i);
    expect(await countBots()).toBe(1);
  });

  it('refuse a second payment with the same provider payment id', async () => {
    const userId = await insertUser(db);
    const payment = {
      user_id: userId,
      provider: 'local' as const,
      provider_payment_id: 'pi_1',
      plan_key: 'basic' as const,
      amount_cents: 1900,
      currency: 'usd',
      status: 'succeeded' as const,
      created_at: now(),
      updated_at: now(),
    };
    await db
      .insertInto('payments')
      .values({ id: id(), ...payment })
      .execute();
    await expect(
      db
        .insertInto('payments')
        .values({ id: id(), ...payment })
        .execute(),
    ).rejects.toThrow(/unique/i);
  });

  it("delete a user's bots, usage, subscriptions, payments and sessions with the user", async () => {
    const userId = await insertUser(db);
    const botId = await insertBot(db, userId);
    await db
      .insertInto('chat_usage')
      .values({ bot_id: botId, visitor_id: 'v1', day: '2025-01-02', count: 3 })
      .execute();
    const paymentId = id();
    await db
      .insertInto('payments')
      .values({
        id: paymentId,
        user_id: userId,
        provider: 'local',
        provider_payment_id: 'pi_2',
        plan_key: 'pro',
        amount_cents: 4900,
        currency: 'usd',
        status: 'succeeded',
        created_at: now(),
        updated_at: now(),
      })
      .execute();
    await db
      .insertInto('subscriptions')
      .values({
        id: id(),
        user_id: userId,
        plan_key: 'pro',
        status: 'active',
        current_period_start: now(),
        current_period_end: now(),
        payment_id: paymentId,
        created_at: now(),
      })
      .execute();
    await db
      .insertInto('wizard_sessions')
      .values({ id: id(), user_id: userId, created_at: now(), expires_at: now() })
      .execute();
    const requestId = id();
    await db
      .insertInto('voice_agent_requests')
      .values({ id: requestId, user_id: userId, data: '{}', created_at: now() })
      .execute();

    await db.deleteFrom('users').where('id', '=', userId).execute();

    for (const table of ['bots', 'chat_usage', 'payments', 'subscriptions', 'wizard_sessions'] as const) {
      const rows = await db.selectFrom(table).selectAll().execute();
      expect(rows, table).toEqual([]);
    }
    // A voice-agent request stays for the admin, without its user.
    const request = await db.selectFrom('voice_agent_requests').selectAll().executeTakeFirstOrThrow();
    expect(request).toMatchObject({ id: requestId, user_id: null });
  });

  it('unlink the bot and the session from a deleted document', async () => {
    const userId = await insertUser(db);
    const sessionId = id();
    await db
      .insertInto('wizard_sessions')
      .values({ id: sessionId, user_id: null, created_at: now(), expires_at: now() })
      .execute();
    const documentId = await insertDocument(db, { session_id: sessionId });
    const botId = await insertBot(db, userId, { document_id: documentId });

    // A session ending keeps the document (the bot still uses it) but forgets the session.
    await db.deleteFrom('wizard_sessions').where('id', '=', sessionId).execute();
    const doc = await db.selectFrom('documents').select('session_id').executeTakeFirstOrThrow();
    expect(doc.session_id).toBeNull();

    await db.deleteFrom('documents').where('id', '=', documentId).execute();
    const bot = await db.selectFrom('bots').select(['id', 'document_id']).executeTakeFirstOrThrow();
    expect(bot).toEqual({ id: botId, document_id: null });
  });

  it('count chat usage with one upsert per message', async () => {
    const botId = await insertBot(db, await insertUser(db));
    const bump = () =>
      db
        .insertInto('chat_usage')
        .values({ bot_id: botId, visitor_id: 'v1', day: '2025-01-02', count: 1 })
        .onConflict((oc) =>
          oc.columns(['bot_id', 'visitor_id', 'day']).doUpdateSet({ count: sql`chat_usage.count + 1` }),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
    expect(await bump()).toEqual({ count: 1 });
    expect(await bump()).toEqual({ count: 2 });
    expect(await bump()).toEqual({ count: 3 });
  });

  it('leave no row behind when a transaction throws', async () => {
    const userId = await insertUser(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await insertBot(trx, userId);
        expect(await trx.selectFrom('bots').select('id').execute()).toHaveLength(1);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await countBots()).toBe(0);
  });
});
