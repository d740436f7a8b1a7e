import { fetchPage } from '../../../src/adapters/web/index.js';
import { liveHtmlReaders, MAX_PAGE_ELEMENTS } from '../../../src/adapters/web/html-reader.js';
import { send, startServer, testPolicy, type LocalServer } from './local-server.js';

const noDocuments = async () => ({ text: '' });
/** A page of `count` links, one element each, and a paragraph of text. */
const linkPage = (count: number) =>
  `<html><head><title>Links</title></head><body><p>Our full list of branches and their opening hours.</p>${Array.from(
    { length: count },
    (_, i) => `<a href="/branch/${i}">Branch ${i}</a>`,
  ).join('')}</body></html>`;

let site: LocalServer;
afterEach(() => site?.close());

describe('reading an HTML page', () => {
  it('refuses a page with more elements than the cap before parsing it', async () => {
    site = await startServer({ '/': send(200, 'text/html', linkPage(MAX_PAGE_ELEMENTS)) });
    const reading = fetchPage(`${site.origin}/`, testPolicy(), noDocuments);
    await expect(reading).rejects.toMatchObject({
      reason: 'tooComplex',
      message: `More than ${MAX_PAGE_ELEMENTS} elements.`,
    });
    expect(liveHtmlReaders()).toBe(0);
  });

  it('parses in a child process, whose memory goes back to the system once it is idle', async () => {
    site = await startServer({ '/': send(200, 'text/html', linkPage(5_000)) });
    let readers = 0;
    const watch = setInterval(() => (readers = Math.max(readers, liveHtmlReaders())), 5);
    const page = await fetchPage(`${site.origin}/`, testPolicy(), noDocuments).finally(() =>
      clearInterval(watch),
    );
    expect(page.title).toBe('Links');
    expect(page.text).toContain('Our full list of branches');
    expect(readers).toBe(1);
    await expect.poll(() => liveHtmlReaders(), { timeout: 20_000, interval: 200 }).toBe(0);
  }, 40_000);

  it('reads pages one after another in the same process', async () => {
    site = await startServer({
      '/a': send(200, 'text/html', '<title>A</title><p>First page.</p>'),
      '/b': send(200, 'text/html', '<title>B</title><p>Second page.</p>'),
    });
    const first = await fetchPage(`${site.origin}/a`, testPolicy(), noDocuments);
    const second = await fetchPage(`${site.origin}/b`, testPolicy(), noDocuments);
    expect([first.title, second.title]).toEqual(['A', 'B']);
    expect(liveHtmlReaders()).toBe(1);
  });
});
