import { fetchPageIfChanged } from '../../../src/adapters/web/index.js';
import { html, page, redirect, send, startServer, testPolicy, type LocalServer } from './local-server.js';

const noDocuments = async () => ({ text: '' });
const PRICES = page('Prices', '<p>A full groom costs $45.</p>');
const ETAG = '"prices-v1"';
const MODIFIED = 'Tue, 01 Dec 2026 09:00:00 GMT';

let site: LocalServer;
afterEach(() => site?.close());

/** A page read again (decision 118): conditional, and with every guard of a first read. */
describe('fetchPageIfChanged', () => {
  it('keeps the validators a page sends, and sends them back: a 304 is null, with no body read', async () => {
    const seen: (string | undefined)[][] = [];
    site = await startServer({
      '/robots.txt': send(200, 'text/plain', 'User-agent: *\nAllow: /\n'),
      '/prices': (request, response) => {
        seen.push([request.headers['if-none-match'], request.headers['if-modified-since']]);
        const same = request.headers['if-none-match'] === ETAG;
        response.writeHead(same ? 304 : 200, {
          'content-type': 'text/html; charset=utf-8',
          etag: ETAG,
          'last-modified': MODIFIED,
        });
        response.end(same ? undefined : PRICES);
      },
    });
    const first = await fetchPageIfChanged(`${site.origin}/prices`, testPolicy(), noDocuments, {});
    expect(first).toMatchObject({ title: 'Prices', etag: ETAG, lastModified: MODIFIED });
    expect(first!.text).toContain('$45');
    const again = await fetchPageIfChanged(`${site.origin}/prices`, testPolicy(), noDocuments, {
      etag: first!.etag,
      lastModified: first!.lastModified,
    });
    expect(again).toBeNull();
    expect(seen).toEqual([
      [undefined, undefined],
      [ETAG, MODIFIED],
    ]);
  });

  it('a 304 without validators sent is an error, not "unchanged"', async () => {
    site = await startServer({ '/odd': send(304, 'text/html', '') });
    await expect(
      fetchPageIfChanged(`${site.origin}/odd`, testPolicy(), noDocuments, {}),
    ).rejects.toMatchObject({
      reason: 'httpStatus',
    });
  });

  it('honours robots.txt, the size cap and the address guard on every hop, validators or not', async () => {
    site = await startServer({
      '/robots.txt': send(200, 'text/plain', 'User-agent: *\nDisallow: /private\n'),
      '/private/prices': html(PRICES),
      '/big': html(page('Big', `<p>${'word '.repeat(5_000)}</p>`)),
      '/moved': redirect('http://10.0.0.1/prices'),
    });
    const validators = { etag: ETAG, lastModified: MODIFIED };
    await expect(
      fetchPageIfChanged(`${site.origin}/private/prices`, testPolicy(), noDocuments, validators),
    ).rejects.toMatchObject({ reason: 'robotsDisallowed' });
    await expect(
      fetchPageIfChanged(`${site.origin}/big`, testPolicy({ maxBytes: 10_000 }), noDocuments, validators),
    ).rejects.toMatchObject({ reason: 'tooLarge' });
    // Loopback is let in for the test's own server only; the redirect's private address is still refused.
    const guarded = testPolicy({ allowPrivate: false, isAllowedAddress: (ip) => ip === '127.0.0.1' });
    await expect(
      fetchPageIfChanged(`${site.origin}/moved`, guarded, noDocuments, validators),
    ).rejects.toMatchObject({ reason: 'privateAddress' });
  });
});
