import { API, ERROR_CODES } from '@vuxo/shared';
import { testDatabases } from '../support/databases.js';
import { signInOnEmulator } from '../support/emulator-users.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';
import { botConfig, uploadDocument } from '../support/wizard-flow.js';

describe.each(testDatabases())('the plan cap holds under parallel saves ($name)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database, env: {} });
  });
  afterAll(() => t.close());

  it('20 parallel saves at one below the cap create exactly one bot', async () => {
    const { idToken } = await signInOnEmulator(t.emulatorHost, {
      name: 'Pat Parallel',
      email: `pat-${database.name}-${Date.now()}@example.com`,
    });
    const uploads = [];
    for (let i = 0; i < 20; i++) uploads.push(await uploadDocument(t.app, { token: idToken }));

    const results = await Promise.all(
      uploads.map((upload, i) =>
        t.app.inject({
          method: 'POST',
          url: API.saveConfig,
          headers: bearer(idToken),
          payload: botConfig(upload, { botName: `Bot ${i}` }),
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(19);
    for (const refused of results.filter((r) => r.statusCode === 403)) {
      expect(refused.json()).toMatchObject({ code: ERROR_CODES.botLimitReached, maxBots: 1 });
    }
    const bots = await t.database.db.selectFrom('bots').select('id').execute();
    expect(bots).toHaveLength(1);
    const jobs = await t.database.db.selectFrom('jobs').select('id').execute();
    expect(jobs).toHaveLength(1);
    // Twenty uploads are read one after another first: on a loaded machine that alone can pass 30 s.
  }, 90_000);
});
