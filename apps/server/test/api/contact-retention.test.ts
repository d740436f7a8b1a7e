import { CONTACT_RETENTION_DAYS_DEFAULT } from '@vuxo/shared';
import { testDatabases } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

describe.each(testDatabases())(
  'contact messages and phone agent requests are kept a while ($name)',
  (database) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ database });
    });
    afterAll(() => t.close());

    it(`the maintenance sweep removes those older than ${CONTACT_RETENTION_DAYS_DEFAULT} days and keeps the rest`, async () => {
      const { db } = t.database;
      const old = daysAgo(CONTACT_RETENTION_DAYS_DEFAULT + 1);
      const recent = daysAgo(CONTACT_RETENTION_DAYS_DEFAULT - 1);
      const message = { name: 'Ada', email: 'ada@example.com', message: 'Hello' };
      await db
        .insertInto('contact_messages')
        .values([
          { id: 'msg_old', ...message, created_at: old },
          { id: 'msg_recent', ...message, created_at: recent },
        ])
        .execute();
      await db
        .insertInto('voice_agent_requests')
        .values([
          { id: 'var_old', user_id: null, data: '{}', created_at: old },
          { id: 'var_recent', user_id: null, data: '{}', created_at: recent },
        ])
        .execute();

      // The sweep runs when the server is ready, then every hour.
      await t.app.ready();
      const ids = async () => [
        ...(await db.selectFrom('contact_messages').select('id').orderBy('id').execute()),
        ...(await db.selectFrom('voice_agent_requests').select('id').orderBy('id').execute()),
      ];
      await expect
        .poll(async () => (await ids()).map((row) => row.id), { timeout: 10_000, interval: 50 })
        .toEqual(['msg_recent', 'var_recent']);
    });
  },
);
