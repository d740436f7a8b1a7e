import { gzipSync } from 'node:zlib';
import { fetchPage, type FetchPolicy } from '../../../src/adapters/web/index.js';
import { html, page, redirect, send, startServer, testPolicy, type LocalServer } from './local-server.js';

const noDocuments = async () => ({ text: '' });
const HOME = page('Home', '<p>Welcome to the shop on the corner.</p>');

let site: LocalServer;
afterEach(() => site?.close());

async function failureOf(path: string, policy: FetchPolicy) {
  const started = performance.now();
  const error: unknown = await fetchPage(`${site.origin}${path}`, policy, noDocuments).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  return { error, elapsedMs: performance.now() - started };
}

describe('fetchPage bounds', () => {
  it('gives up on a server that never sends its headers, within the timeout', async () => {
    site = await startServer({ '/slow': () => undefined });
    const { error, elapsedMs } = await failureOf('/slow', testPolicy({ timeoutMs: 300 }));
    expect(error).toMatchObject({ reason: 'timeout' });
    expect(elapsedMs).toBeLessThan(2_000);
  });

  it('counts the body in the timeout', async () => {
    site = await startServer({
      '/trickle': (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write('<p>Starting');
        const timer = setInterval(() => response.write('.'), 50);
        response.on('close', () => clearInterval(timer));
      },
    });
    const { error, elapsedMs } = await failureOf('/trickle', testPolicy({ timeoutMs: 400 }));
    expect(error).toMatchObject({ reason: 'timeout' });
    expect(elapsedMs).toBeLessThan(2_000);
  });

  it('ends when the caller aborts', async () => {
    site = await startServer({ '/slow': () => undefined });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const { error, elapsedMs } = await failureOf('/slow', testPolicy({ signal: controller.signal }));
    expect(error).toMatchObject({ reason: 'network', message: 'The fetch was cancelled.' });
    expect(elapsedMs).toBeLessThan(2_000);
  });

  it('refuses a body over maxBytes, announced or not', async () => {
    const big = 'x'.repeat(50_000);
    site = await startServer({
      '/announced': send(200, 'text/plain', big),
      '/chunked': (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/plain' });
        for (let i = 0; i < 10; i++) response.write(big);
        response.end();
      },
    });
    const policy = testPolicy({ maxBytes: 10_000 });
    expect((await failureOf('/announced', policy)).error).toMatchObject({ reason: 'tooLarge' });
    expect((await failureOf('/chunked', policy)).error).toMatchObject({ reason: 'tooLarge' });
  });

  it('applies maxBytes to the decompressed body', async () => {
    const bomb = gzipSync(Buffer.alloc(5_000_000, 'a'));
    site = await startServer({ '/bomb': send(200, 'text/plain', bomb, { 'content-encoding': 'gzip' }) });
    expect(bomb.length).toBeLessThan(100_000);
    expect((await failureOf('/bomb', testPolicy({ maxBytes: 100_000 }))).error).toMatchObject({
      reason: 'tooLarge',
    });
  });

  it('follows redirects, relative ones included, and reports the final URL', async () => {
    site = await startServer({
      '/old': redirect('/older', 301),
      '/older': redirect('new?x=1'),
      '/new?x=1': html(HOME),
    });
    const fetched = await fetchPage(`${site.origin}/old`, testPolicy(), noDocuments);
    expect(fetched).toMatchObject({ url: `${site.origin}/new?x=1`, title: 'Home' });
  });

  it('stops after maxRedirects', async () => {
    site = await startServer({
      '/a': redirect('/b'),
      '/b': redirect('/c'),
      '/c': redirect('/d'),
      '/d': html(HOME),
    });
    expect((await failureOf('/a', testPolicy({ maxRedirects: 2 }))).error).toMatchObject({
      reason: 'tooManyRedirects',
    });
    expect(site.requested).not.toContain('/d');
    await expect(
      fetchPage(`${site.origin}/a`, testPolicy({ maxRedirects: 3 }), noDocuments),
    ).resolves.toMatchObject({ title: 'Home' });
  });

  it('refuses a redirect to a non-web address', async () => {
    site = await startServer({ '/ftp': redirect('ftp://files.example/menu.pdf') });
    expect((await failureOf('/ftp', testPolicy())).error).toMatchObject({ reason: 'invalidUrl' });
  });
});
