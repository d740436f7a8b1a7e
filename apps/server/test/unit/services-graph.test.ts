import { diskFileStore } from '../../src/adapters/files/file-store.js';
import { buildServices } from '../../src/composition/services.js';
import { loadConfig } from '../../src/config.js';
import { testDatabases, type TestDatabase } from '../support/databases.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The services phase stands alone: no Fastify, no server, just the object graph over a database. */
describe('the services without HTTP', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await testDatabases()[0]!.open();
  });
  afterEach(async () => {
    await database.close();
  });

  it('builds every service once and answers from the database', async () => {
    const config = loadConfig({
      DATA_DIR: database.dataDir,
      FIREBASE_PROJECT_ID: 'demo-services',
      SITE_CHAT: 'off',
    });
    const services = buildServices({
      config,
      database,
      files: diskFileStore(database.dataDir),
      logger: quiet,
    });

    expect(services.wizard).toBeDefined();
    expect(await services.bots.countOf('user_nobody')).toBe(0);
    expect(await services.plans.documentMaxBytes(null)).toBeGreaterThan(0);
    expect(await services.uploadCleanup.sweep()).toEqual({ sessions: 0, documents: 0, avatars: 0 });
    await services.conversations.flush();
    await services.modelUsage.flush();
  });
});
