import { fetchPage, isPublicAddress, type FetchPolicy } from '../../../src/adapters/web/index.js';
import {
  html,
  page,
  redirect,
  startServer,
  testPolicy,
  type Handler,
  type LocalServer,
} from './local-server.js';

const noDocuments = async () => ({ text: '' });

/** Redirects to `host` on the port the request came in on (this very server). */
const redirectToOwnPort =
  (host: string): Handler =>
  (request, response) =>
    redirect(`http://${host}:${request.socket.localPort}/`)(request, response);

describe('isPublicAddress', () => {
  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '2606:4700:4700::1111',
    '::ffff:93.184.216.34',
    '2a00:1450:4001:80b::5efe:808:808', // ISATAP of a public IPv4
  ])('allows %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback elsewhere in 127/8', '127.1.2.3'],
    ['IPv6 loopback', '::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['private 10/8', '10.0.0.1'],
    ['private 172.16/12', '172.20.1.1'],
    ['private 192.168/16', '192.168.1.1'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['unspecified', '0.0.0.0'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['multicast', '224.0.0.1'],
    ['broadcast', '255.255.255.255'],
    ['reserved', '240.0.0.1'],
    ['unique-local IPv6', 'fd00::1'],
    ['link-local IPv6', 'fe80::1'],
    ['NAT64 of loopback', '64:ff9b::7f00:1'],
    ['IPv4-compatible loopback, as the URL parser stores it', '::7f00:1'],
    ['IPv4-compatible loopback, dotted', '::127.0.0.1'],
    ['IPv4-compatible private', '::a00:1'],
    ['IPv4-compatible of a public IPv4 (deprecated, never routed)', '::808:808'],
    ['IPv4-translated loopback', '::ffff:0:7f00:1'],
    ['NAT64 of a public IPv4', '64:ff9b::808:808'],
    ['local-use NAT64', '64:ff9b:1::a00:1'],
    ['6to4 of loopback', '2002:7f00:1::1'],
    ['6to4 of a private IPv4', '2002:a00:1::1'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['ISATAP of loopback', '2a00:1450:4001:80b:0:5efe:7f00:1'],
    ['ISATAP (universal bit) of a private IPv4', '2a00:1450:4001:80b:200:5efe:c0a8:101'],
    ['site-local IPv6', 'fec0::1'],
    ['unique-local IPv6 in fc00::/8', 'fc00::1'],
    ['IPv6 multicast', 'ff02::1'],
    ['IPv6 unspecified', '::'],
    ['IPv6 documentation', '2001:db8::1'],
    ['IPv6 documentation 3fff::/20', '3fff::1'],
    ['IPv6 discard-only', '100::1'],
    ['IETF-reserved IPv6 outside global unicast', '4000::1'],
    ['IPv4 documentation', '192.0.2.1'],
    ['not an address', 'shop.example'],
  ])('refuses %s (%s)', (_name, ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });
});

describe('fetchPage address checks', () => {
  let site: LocalServer;
  afterEach(() => site?.close());

  it.each([
    'http://127.0.0.1/',
    'http://localhost/',
    'http://[::1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::127.0.0.1]/',
    'http://[::7f00:1]/',
    'http://[::a9fe:a9fe]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[2002:a9fe:a9fe::]/',
    'http://[fec0::1]/',
    'http://0.0.0.0/',
    'http://2130706433/',
  ])('refuses %s without allowPrivate', async (url) => {
    const resolve = vi.fn(async () => [{ address: '93.184.216.34', family: 4 }]);
    const policy = testPolicy({ allowPrivate: false, timeoutMs: 1_000 });
    await expect(fetchPage(url, policy, noDocuments)).rejects.toMatchObject({ reason: 'privateAddress' });
    // A literal address is checked as it is, never looked up.
    if (!url.includes('localhost')) {
      await expect(fetchPage(url, { ...policy, resolve }, noDocuments)).rejects.toMatchObject({
        reason: 'privateAddress',
      });
      expect(resolve).not.toHaveBeenCalled();
    }
  });

  it('reads a local server with allowPrivate', async () => {
    site = await startServer({ '/': html(page('Local', '<p>Served from this machine.</p>')) });
    await expect(fetchPage(`${site.origin}/`, testPolicy(), noDocuments)).resolves.toMatchObject({
      title: 'Local',
    });
  });

  it('reports a host that does not resolve', async () => {
    const resolve = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    await expect(
      fetchPage('http://nowhere.test/', testPolicy({ allowPrivate: false, resolve }), noDocuments),
    ).rejects.toMatchObject({ reason: 'dnsFailed' });
  });

  describe('with a host name served from this machine', () => {
    // shop.test "is public": the test lets exactly 127.0.0.1 through besides public addresses, so each
    // redirect hop below must be checked on its own to be refused.
    const addresses: Record<string, string[]> = {
      'shop.test': ['127.0.0.1'],
      'internal.test': ['10.0.0.1'],
      'mixed.test': ['127.0.0.1', '192.168.0.10'],
    };
    const resolve = vi.fn(async (host: string) => {
      const found = addresses[host];
      if (!found) throw new Error(`ENOTFOUND ${host}`);
      return found.map((address) => ({ address, family: 4 }));
    });
    const policy = (): FetchPolicy =>
      testPolicy({
        allowPrivate: false,
        resolve,
        isAllowedAddress: (ip) => ip === '127.0.0.1' || isPublicAddress(ip),
      });

    beforeEach(async () => {
      site = await startServer({
        '/': html(page('Shop', '<p>Fresh bread every morning.</p>')),
        '/moved': redirect('/'),
        '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
        '/to-internal': redirectToOwnPort('internal.test'),
        '/to-mixed': redirectToOwnPort('mixed.test'),
        '/to-ipv6-loopback': redirectToOwnPort('[::1]'),
      });
    });

    it('connects to the checked address (the system resolver knows nothing of shop.test)', async () => {
      const fetched = await fetchPage(`http://shop.test:${site.port}/moved`, policy(), noDocuments);
      expect(fetched).toMatchObject({ url: `http://shop.test:${site.port}/`, title: 'Shop' });
    });

    it.each(['/to-metadata', '/to-internal', '/to-mixed', '/to-ipv6-loopback'])(
      'refuses the redirect of %s',
      async (path) => {
        await expect(
          fetchPage(`http://shop.test:${site.port}${path}`, policy(), noDocuments),
        ).rejects.toMatchObject({
          reason: 'privateAddress',
        });
        expect(site.requested.filter((requested) => requested !== '/robots.txt')).toEqual([path]);
      },
    );

    it('refuses a host when any of its addresses is private', async () => {
      await expect(fetchPage(`http://mixed.test:${site.port}/`, policy(), noDocuments)).rejects.toMatchObject(
        {
          reason: 'privateAddress',
        },
      );
      expect(site.requested).toEqual([]);
    });

    it('refuses the host by default, since it resolves to loopback', async () => {
      const strict = testPolicy({ allowPrivate: false, resolve });
      await expect(fetchPage(`http://shop.test:${site.port}/`, strict, noDocuments)).rejects.toMatchObject({
        reason: 'privateAddress',
      });
      expect(site.requested).toEqual([]);
    });
  });
});
