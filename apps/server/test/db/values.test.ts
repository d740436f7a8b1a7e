import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { dataLayerDatabases, type TestDatabase } from '../support/databases.js';
import { id, insertBot, insertUser, now } from './fixtures.js';

describe.each(dataLayerDatabases())('values on $name', ({ open }) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  beforeEach(async () => {
    database = await open();
    db = database.db;
  });
  afterEach(() => database.close());

  it('round-trip booleans as the numbers 0 and 1', async () => {
    const yes = await insertUser(db, { email_verified: 1 });
    const no = await insertUser(db, { email_verified: 0, email: null, display_name: null });
    const rows = await db
      .selectFrom('users')
      .select(['id', 'email_verified', 'email'])
      .orderBy('email_verified')
      .execute();
    expect(rows).toEqual([
      { id: no, email_verified: 0, email: null },
      { id: yes, email_verified: 1, email: 'owner@example.com' },
    ]);
    const verified = await db.selectFrom('users').select('id').where('email_verified', '=', 1).execute();
    expect(verified).toEqual([{ id: yes }]);
  });

  it('round-trip JSON text and ISO timestamps exactly, with the JSON defaults', async () => {
    const createdAt = '2025-03-04T05:06:07.089Z';
    const questions = JSON.stringify(['Où est le menu ?', 'Emoji 🍕 "quoted"', 'back\\slash\nnewline']);
    const userId = await insertUser(db);
    const plain = await insertBot(db, userId, { created_at: createdAt, updated_at: createdAt });
    const withJson = await insertBot(db, userId, { generated_questions: questions });

    const a = await db.selectFrom('bots').selectAll().where('id', '=', plain).executeTakeFirstOrThrow();
    expect(a).toMatchObject({ created_at: createdAt, allowed_domains: '[]', generated_questions: '[]' });
    expect(a.deleted_at).toBeNull();
    const b = await db.selectFrom('bots').selectAll().where('id', '=', withJson).executeTakeFirstOrThrow();
    expect(b.generated_questions).toBe(questions);
    expect(JSON.parse(b.generated_questions)).toEqual(JSON.parse(questions));
  });

  it('fill in job defaults and order ISO timestamps as strings', async () => {
    const job = (runAfter: string) => ({
      id: id(),
      kind: 'build-bot',
      payload: JSON.stringify({ botId: 'b1' }),
      run_after: runAfter,
      created_at: now(),
      updated_at: now(),
    });
    await db
      .insertInto('jobs')
      .values([
        job('2025-01-01T00:00:10.000Z'),
        job('2025-01-01T00:00:02.000Z'),
        job('2999-01-01T00:00:00.000Z'),
      ])
      .execute();
    const due = await db
      .selectFrom('jobs')
      .select(['run_after', 'status', 'attempts', 'max_attempts', 'lease_owner'])
      .where('status', '=', 'queued')
      .where('run_after', '<=', now())
      .orderBy('run_after')
      .execute();
    expect(due).toEqual([
      {
        run_after: '2025-01-01T00:00:02.000Z',
        status: 'queued',
        attempts: 0,
        max_attempts: 5,
        lease_owner: null,
      },
      {
        run_after: '2025-01-01T00:00:10.000Z',
        status: 'queued',
        attempts: 0,
        max_attempts: 5,
        lease_owner: null,
      },
    ]);
  });

  it('keep integers as numbers, including sums and nulls', async () => {
    const botId = await insertBot(db, await insertUser(db));
    await db
      .insertInto('chat_usage')
      .values([
        { bot_id: botId, visitor_id: 'v1', day: '2025-01-02', count: 4 },
        { bot_id: botId, visitor_id: 'v2', day: '2025-01-02', count: 11 },
      ])
      .execute();
    const total = await db
      .selectFrom('chat_usage')
      .select((eb) => eb.fn.sum<number>('count').as('total'))
      .executeTakeFirstOrThrow();
    expect(total.total).toBe(15);
    const rows = await db.selectFrom('chat_usage').select('count').orderBy('count').execute();
    expect(rows).toEqual([{ count: 4 }, { count: 11 }]);
  });
});
