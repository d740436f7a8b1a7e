import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { appSecretFor, networkOf, visitorIdentity } from '../../src/services/visitors.js';

describe('visitor ids and network keys (services/visitors)', () => {
  const visitors = visitorIdentity(Buffer.from('x'.repeat(40)));

  it('issues signed ids and accepts only its own', () => {
    const id = visitors.issue();
    expect(id).toMatch(/^[\w-]{20}\.[\w-]{16}$/);
    expect(visitors.verify(id)).toBe(id.split('.')[0]);
    expect(visitors.issue()).not.toBe(id);
    const [random = '', mac = ''] = id.split('.');
    expect(visitors.verify(`${random}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(visitors.verify(`${'A'.repeat(20)}.${mac}`)).toBeNull();
    expect(visitorIdentity(Buffer.from('y'.repeat(40))).verify(id)).toBeNull();
    for (const bad of [null, undefined, '', 'abc', `${id}x`, 'x'.repeat(500)])
      expect(visitors.verify(bad)).toBeNull();
  });

  it('keys an address by its network: IPv4 as is, IPv6 by its /64, mapped IPv4 as IPv4', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(visitors.networkKey('2001:db8:1:2::1')).toBe(visitors.networkKey('2001:db8:1:2::ffff'));
    expect(visitors.networkKey('2001:db8:1:2::1')).not.toBe(visitors.networkKey('2001:db8:1:3::1'));
    expect(visitors.networkKey('203.0.113.7')).not.toBe(visitors.networkKey('203.0.113.8'));
    expect(visitors.networkKey('203.0.113.7')).not.toContain('203');
  });

  it('makes a local secret once, readable by the owner only, when APP_SECRET is not set', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vuxo-secret-'));
    try {
      const first = appSecretFor({ appSecret: null, dataDir });
      const second = appSecretFor({ appSecret: null, dataDir });
      expect(first.equals(second)).toBe(true);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect((await stat(path.join(dataDir, 'app-secret'))).mode & 0o777).toBe(0o600);
      expect(appSecretFor({ appSecret: 'z'.repeat(32), dataDir }).toString()).toBe('z'.repeat(32));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
