import { API } from '@vuxo/shared';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { pathOf, redactAddress } from '../../src/http/request-log.js';

/** What the request log keeps, and what it leaves out at `info`. */
interface LogLine {
  level: number;
  msg: string;
  req?: { method: string; url: string; address: string };
  res?: { statusCode: number };
}
const INFO = 30;

describe('the request log', () => {
  let t: TestApp;
  const lines: LogLine[] = [];
  beforeAll(async () => {
    t = await startTestApp({
      env: { LOG_LEVEL: 'info', TRUST_PROXY: '1' },
      deps: { logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } },
    });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    lines.length = 0;
  });

  it('keeps a visitor’s network, never their address, and no query string', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API.clientConfig}?ref=private-share-id&q=who+am+i`,
      remoteAddress: '10.60.0.1',
      headers: { 'x-forwarded-for': '198.51.100.99, 203.0.113.77' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: API.clientConfig, remoteAddress: '2001:db8:5:6:7::9' });

    const text = lines.map((line) => JSON.stringify(line)).join('\n');
    expect(text).not.toMatch(
      /203\.0\.113\.77|198\.51\.100|10\.60\.0\.1|private-share-id|who\+am\+i|2001:db8:5:6/,
    );
    const requests = lines.filter((line) => line.req);
    expect(requests.map((line) => line.req)).toEqual([
      { method: 'GET', url: `${API.clientConfig}?…`, address: '203.0.113.0/24' },
      { method: 'GET', url: API.clientConfig, address: '2001:db8:5::/48' },
    ]);
    // One line per request, when it ends.
    expect(requests.map((line) => [line.level, line.res?.statusCode])).toEqual([
      [INFO, 200],
      [INFO, 200],
    ]);
  });

  it('does not log health checks and 404s line by line at info', async () => {
    for (let i = 0; i < 20; i++) {
      await t.app.inject({ method: 'GET', url: API.health });
      await t.app.inject({ method: 'GET', url: `/api/no-such-route-${i}` });
      await t.app.inject({ method: 'POST', url: '/wp-login.php' });
    }
    expect(lines.filter((line) => line.level >= INFO)).toEqual([]);
  });
});

describe('redacting addresses and URLs', () => {
  it('cuts IPv4 to its /24 and IPv6 to its /48', () => {
    expect(redactAddress('203.0.113.77')).toBe('203.0.113.0/24');
    expect(redactAddress('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(redactAddress('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1::/48');
    expect(redactAddress('2001:0db8::1')).toBe('2001:db8:0::/48');
    expect(redactAddress('::1')).toBe('0:0:0::/48');
    expect(redactAddress('not an address')).toBe('unknown');
  });

  it('drops the query', () => {
    expect(pathOf('/api/bot-conversations?botId=b1&q=secret')).toBe('/api/bot-conversations?…');
    expect(pathOf('/dashboard')).toBe('/dashboard');
  });
});
