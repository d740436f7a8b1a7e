import { gzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import { fetchPage, normalizeSourceUrl, SourceFetchError } from '../../../src/adapters/web/index.js';
import { html, page, send, startServer, testPolicy, type LocalServer } from './local-server.js';

const noDocuments = async () => ({ text: '' });

const ARTICLE = page(
  'Opening hours',
  '<p>Our bakery on Main Street opens early every day so you can pick up fresh bread before work. ' +
    'We bake sourdough, rye and spelt loaves each morning, and pastries on weekends.</p>' +
    '<h2>Weekdays</h2><p>Monday to Friday we open at 7:00 and close at 18:00.</p>' +
    '<ul><li>Sourdough: <strong>from 7:30</strong></li><li>Croissants</li></ul>' +
    '<table><tr><th>Day</th><th>Hours</th></tr><tr><td>Saturday</td><td>8:00–14:00</td></tr></table>' +
    '<script>var tracking = 1;</script>',
);

let site: LocalServer;
afterEach(() => site?.close());

describe('fetchPage', () => {
  it('reads an HTML article into a title and structured text', async () => {
    site = await startServer({ '/hours': html(ARTICLE) });
    const fetched = await fetchPage(`${site.origin}/hours#today`, testPolicy(), noDocuments);
    expect(fetched.url).toBe(`${site.origin}/hours`);
    expect(fetched.title).toBe('Opening hours');
    expect(fetched.bytes).toBe(Buffer.byteLength(ARTICLE));
    expect(fetched.text).toContain('## Weekdays\n\nMonday to Friday we open at 7:00 and close at 18:00.');
    expect(fetched.text).toContain('- Sourdough: from 7:30\n- Croissants');
    expect(fetched.text).toContain('Day: Saturday; Hours: 8:00–14:00');
    expect(fetched.text).not.toContain('tracking');
  });

  it('falls back to the body of a short page, and to the URL path for a title', async () => {
    site = await startServer({
      '/contact': html('<body><p>Call us on 555 0100.</p><p>Open daily.</p></body>'),
    });
    const fetched = await fetchPage(`${site.origin}/contact`, testPolicy(), noDocuments);
    expect(fetched).toMatchObject({ title: '/contact', text: 'Call us on 555 0100.\n\nOpen daily.' });
  });

  it('reads plain text as is, and honours a declared charset', async () => {
    site = await startServer({
      '/notes.txt': send(200, 'text/plain', 'Line one\nLine two — ok'),
      '/latin.txt': send(200, 'text/plain; charset=ISO-8859-1', iconv.encode('Café crème', 'latin1')),
    });
    const notes = await fetchPage(`${site.origin}/notes.txt`, testPolicy(), noDocuments);
    expect(notes).toMatchObject({ title: '/notes.txt', text: 'Line one\nLine two — ok' });
    const latin = await fetchPage(`${site.origin}/latin.txt`, testPolicy(), noDocuments);
    expect(latin.text).toBe('Café crème');
  });

  it("decodes HTML in the header's charset, or else in the one its <meta> tag names", async () => {
    const body = (head: string) =>
      iconv.encode(
        `<html><head>${head}<title>Café</title></head><body><p>Crème brûlée</p></body></html>`,
        'win1252',
      );
    site = await startServer({
      '/header': send(200, 'text/html; charset=windows-1252', body('')),
      '/meta': send(200, 'text/html', body('<meta charset="windows-1252">')),
      '/http-equiv': send(
        200,
        'text/html',
        body('<meta http-equiv="content-type" content="text/html; charset=cp1252">'),
      ),
    });
    for (const path of ['/header', '/meta', '/http-equiv']) {
      const fetched = await fetchPage(`${site.origin}${path}`, testPolicy(), noDocuments);
      expect(fetched, path).toMatchObject({ title: 'Café', text: 'Crème brûlée' });
    }
  });

  it('hands a PDF to the readDocument callback', async () => {
    const pdf = Buffer.from('%PDF-1.4 fake');
    site = await startServer({ '/menu.pdf': send(200, 'application/pdf', pdf) });
    const received: Uint8Array[] = [];
    const readDocument = async (bytes: Uint8Array) => {
      received.push(bytes);
      return { text: 'Menu: soup of the day' };
    };
    const fetched = await fetchPage(`${site.origin}/menu.pdf`, testPolicy(), readDocument);
    expect(fetched).toMatchObject({ title: '/menu.pdf', text: 'Menu: soup of the day', bytes: pdf.length });
    expect(Buffer.from(received[0]!)).toEqual(pdf);
  });

  it('reads a gzip-compressed page', async () => {
    const compressed = gzipSync(ARTICLE);
    site = await startServer({
      '/': send(200, 'text/html', compressed, { 'content-encoding': 'gzip' }),
    });
    const fetched = await fetchPage(`${site.origin}/`, testPolicy(), noDocuments);
    expect(fetched.text).toContain('## Weekdays');
    expect(fetched.bytes).toBe(Buffer.byteLength(ARTICLE));
  });

  it.each([
    ['an image', send(200, 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47])), 'unsupportedType'],
    ['a missing page', send(404, 'text/html', '<p>Not here</p>'), 'httpStatus'],
    ['a server error', send(503, 'text/html', '<p>Down</p>'), 'httpStatus'],
    ['an empty page', html('<html><body><script>x()</script></body></html>'), 'noText'],
  ])('refuses %s', async (_name, handler, reason) => {
    site = await startServer({ '/page': handler });
    const result = fetchPage(`${site.origin}/page`, testPolicy(), noDocuments);
    await expect(result).rejects.toBeInstanceOf(SourceFetchError);
    await expect(result).rejects.toMatchObject({ reason });
  });

  it('says which status the website answered with', async () => {
    site = await startServer({});
    await expect(fetchPage(`${site.origin}/gone`, testPolicy(), noDocuments)).rejects.toThrow(/404/);
  });

  it("refuses a page the site's robots.txt disallows for our user agent, without requesting it", async () => {
    site = await startServer({
      '/robots.txt': send(
        200,
        'text/plain',
        'User-agent: VuxoBot\nDisallow: /members/\n\nUser-agent: *\nDisallow:',
      ),
      '/members/list': html(page('Members', '<p>Secret</p>')),
      '/public': html(page('Public', '<p>Everyone may read this page.</p>')),
    });
    await expect(fetchPage(`${site.origin}/members/list`, testPolicy(), noDocuments)).rejects.toMatchObject({
      reason: 'robotsDisallowed',
    });
    await expect(fetchPage(`${site.origin}/public`, testPolicy(), noDocuments)).resolves.toMatchObject({
      title: 'Public',
    });
    expect(site.requested).not.toContain('/members/list');
  });

  it('treats a failing robots.txt as allowing everything', async () => {
    site = await startServer({
      '/robots.txt': send(500, 'text/plain', 'Disallow: /'),
      '/': html(page('Home', '<p>Welcome to the shop.</p>')),
    });
    await expect(fetchPage(`${site.origin}/`, testPolicy(), noDocuments)).resolves.toMatchObject({
      title: 'Home',
    });
  });

  it('wraps a failing document reader in a SourceFetchError', async () => {
    site = await startServer({ '/a.pdf': send(200, 'application/pdf', '%PDF-1.4') });
    const broken = async () => {
      throw new Error('bad xref table');
    };
    await expect(fetchPage(`${site.origin}/a.pdf`, testPolicy(), broken)).rejects.toMatchObject({
      reason: 'noText',
      message: expect.stringContaining('bad xref table'),
    });
  });
});

describe('normalizeSourceUrl', () => {
  it('keeps http and https addresses, without their hash', () => {
    expect(normalizeSourceUrl(' https://Shop.Example/menu?day=1#top ')).toBe(
      'https://shop.example/menu?day=1',
    );
    expect(normalizeSourceUrl('http://shop.example')).toBe('http://shop.example/');
  });

  it.each([
    'shop.example',
    'ftp://shop.example/',
    'javascript:alert(1)',
    'https://user:pw@shop.example/',
    'http://',
  ])('refuses %s', (input) => {
    expect(() => normalizeSourceUrl(input)).toThrow(expect.objectContaining({ reason: 'invalidUrl' }));
  });
});
