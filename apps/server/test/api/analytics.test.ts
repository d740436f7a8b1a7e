import { API } from '@vuxo/shared';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('page views (first-party analytics log)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const pageViews = () => t.database.db.selectFrom('page_views').selectAll().execute();

  it('records a page view', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.pageViews,
      payload: { path: '/about', referrer: 'https://example.com/' },
    });
    expect(res.statusCode).toBe(204);
    expect(await pageViews()).toMatchObject([{ path: '/about', referrer: 'https://example.com/' }]);
  });

  it('refuses a bad page view with a 400 JSON message and stores nothing', async () => {
    const before = (await pageViews()).length;
    for (const payload of [{ path: 'about' }, { path: '/x'.repeat(400) }, {}]) {
      const res = await t.app.inject({ method: 'POST', url: API.pageViews, payload });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    expect(await pageViews()).toHaveLength(before);
  });
});
