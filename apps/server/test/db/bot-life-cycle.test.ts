import type { Kysely } from 'kysely';
import { BOT_STATUSES, type BotStatus } from '@vuxo/shared';
import { BOT_TRANSITIONS, canMove, statusesBefore } from '../../src/db/bot-transitions.js';
import { botsRepository, type BotsRepository } from '../../src/db/bots-repository.js';
import type { Database } from '../../src/db/schema.js';
import { dataLayerDatabases, type TestDatabase } from '../support/databases.js';
import { storedIndexOf } from '../../src/db/packed-index.js';
import { id, insertDocument, insertUser } from './fixtures.js';

describe('the allowed moves of a bot', () => {
  it('are written for every status', () => {
    expect(Object.keys(BOT_TRANSITIONS).sort()).toEqual([...BOT_STATUSES].sort());
  });

  it('make a bot Ready only from its build or a rebuild', () => {
    expect(statusesBefore('cag_generated')).toEqual(['pending_cag', 'cag_generated']);
  });

  it('let a deleted bot only be built again (the site’s own bots)', () => {
    expect(BOT_TRANSITIONS.deleted).toEqual(['configuring']);
    expect(statusesBefore('configuring')).toEqual([...BOT_STATUSES]);
  });

  it('let every live bot fail, be deleted or be built again', () => {
    const live = BOT_STATUSES.filter((status) => status !== 'deleted');
    for (const to of ['error', 'deleted', 'configuring', 'pending_cag'] satisfies BotStatus[])
      expect(live.every((from) => canMove(from, to))).toBe(true);
    expect(BOT_STATUSES.some((from) => canMove(from, 'active'))).toBe(false);
  });
});

describe.each(dataLayerDatabases())('a bot’s life cycle on $name', ({ open }) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let bots: BotsRepository;
  let botId: string;
  beforeEach(async () => {
    database = await open();
    db = database.db;
    bots = botsRepository(db);
    const userId = await insertUser(db);
    const documentId = await insertDocument(db);
    botId = id();
    const created = await bots.create({
      id: botId,
      user_id: userId,
      share_id: id(),
      name: 'Vuxo',
      welcome_message: 'Hello!',
      tone: 'friendly',
      creativity: 'balanced',
      bot_type: 'text',
      theme_id: 'default',
      document_id: documentId,
    });
    expect(created).toBe(true);
  });
  afterEach(() => database.close());

  const row = () => bots.withDeleted().selectAll().where('id', '=', botId).executeTakeFirstOrThrow();
  const indexOf = async () => (await storedIndexOf(db, botId)) ?? undefined;

  it('creates a bot configuring, and a second create of the same id does nothing', async () => {
    expect((await row()).status).toBe('configuring');
    const again = await bots.create({ ...(await row()), name: 'Other' } as Parameters<
      BotsRepository['create']
    >[0]);
    expect(again).toBe(false);
    expect((await row()).name).toBe('Vuxo');
  });

  it('builds, publishes, and rebuilds with a compare-and-set on the version', async () => {
    expect(await bots.markIndexing(botId)).toBe(true);
    const built = await bots.publishIndex(botId, {
      from: { status: 'pending_cag' },
      index: 'one',
      questions: ['Q?'],
    });
    expect(built).toMatch(/^\d{4}-\d\d-\d\dT.*~[0-9a-f]{8}$/);
    expect(await row()).toMatchObject({
      status: 'cag_generated',
      index_version: built,
      generated_questions: '["Q?"]',
    });
    expect(await indexOf()).toBe('one');

    const rebuilt = await bots.publishIndex(botId, {
      from: { status: 'cag_generated', version: built! },
      index: 'two',
    });
    expect(rebuilt).not.toBeNull();
    expect(rebuilt).not.toBe(built);
    // A second rebuild that read the first version lost the race: nothing is written.
    const stale = await bots.publishIndex(botId, {
      from: { status: 'cag_generated', version: built! },
      index: 'old',
    });
    expect(stale).toBeNull();
    expect(await row()).toMatchObject({ index_version: rebuilt, generated_questions: '["Q?"]' });
    expect(await indexOf()).toBe('two');
  });

  it('publishes no index for a bot that is not building', async () => {
    expect(await bots.publishIndex(botId, { from: { status: 'pending_cag' }, index: 'x' })).toBeNull();
    expect(await bots.publishIndex(botId, { from: { status: 'configuring' }, index: 'x' })).toBeNull();
    expect((await row()).status).toBe('configuring');
    expect(await indexOf()).toBeUndefined();
  });

  it('fails with a reason, and is built again without it', async () => {
    expect(await bots.markFailed(botId, 'No text.')).toBe(true);
    expect(await row()).toMatchObject({ status: 'error', status_reason: 'No text.' });
    expect(await bots.markBuilding(botId)).toBe(true);
    expect(await row()).toMatchObject({ status: 'configuring', status_reason: null });
  });

  it('deletes once, removes the index, and a deleted bot neither builds nor fails', async () => {
    await bots.markIndexing(botId);
    await bots.publishIndex(botId, { from: { status: 'pending_cag' }, index: 'one', questions: [] });
    expect(await bots.markDeleted(botId)).toBe(true);
    expect(await bots.markDeleted(botId)).toBe(false);
    expect(await row()).toMatchObject({ status: 'deleted', document_id: null, image_path: null });
    expect(await indexOf()).toBeUndefined();
    expect(await bots.markIndexing(botId)).toBe(false);
    expect(await bots.markFailed(botId, 'late')).toBe(false);
    expect(await bots.update(botId, { name: 'Renamed' })).toBe(false);
    expect((await row()).status).toBe('deleted');
  });
});
