import type { AddressInfo } from 'node:net';
import { API } from '@vuxo/shared';
import { trustedProxyCheck } from '../../src/http/connections.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import {
  closedWithin,
  connect,
  dribble,
  get,
  parseResponse,
  type RawConnection,
} from '../support/raw-http.js';

/** One client cannot hold connections open for ever, nor hold every connection. */

const SMALL = { headersTimeoutMs: 300, requestTimeoutMs: 600, checkEveryMs: 50, perAddress: 3, total: 5 };

async function listening(options: Parameters<typeof startTestApp>[0]) {
  const t = await startTestApp(options);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return { t, port: (t.app.server.address() as AddressInfo).port };
}

/** A connection whose health check was answered: it is open and counted by the server. */
async function served(port: number, from = '127.0.0.1'): Promise<RawConnection> {
  const connection = await connect(port, from);
  expect(parseResponse(await get(connection, API.health)).status).toBe(200);
  return connection;
}

/** A connection the server closes without answering (over a cap). */
async function refused(port: number, from = '127.0.0.1'): Promise<void> {
  const connection = await connect(port, from).catch(() => null);
  if (!connection) return;
  connection.socket.write(`GET ${API.health} HTTP/1.1\r\nhost: localhost\r\n\r\n`);
  await closedWithin(connection, 2000);
  expect(connection.received()).toBe('');
}

/** Closes connections and waits until the server has let them go (a fresh one is served again). */
async function closeAll(connections: RawConnection[]) {
  for (const connection of connections) connection.socket.destroy();
  await Promise.all(connections.map((connection) => connection.closed));
}

/** Retries until a fresh connection from `from` is served: the server sees a close a moment after the client. */
async function servedSoon(port: number, from = '127.0.0.1'): Promise<RawConnection> {
  const deadline = performance.now() + 3000;
  for (;;) {
    const connection = await connect(port, from);
    const response = await get(connection, API.health);
    if (parseResponse(response).status === 200) return connection;
    if (performance.now() > deadline) throw new Error(`no connection from ${from} was served`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('connections: timeouts and caps', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    ({ t, port } = await listening({ deps: { connections: SMALL } }));
  });
  afterAll(() => t.close());

  it('cuts off a client that sends its headers one byte at a time', async () => {
    const connection = await connect(port);
    connection.socket.write(`GET ${API.health} HTTP/1.1\r\nhost: localhost\r\nx-slow: `);
    const sent = await dribble(connection, 'a'.repeat(40), 50);
    const openMs = await closedWithin(connection, 1000);
    // Still sending when it was cut: the header deadline did it, not idleness.
    expect(sent).toBeLessThan(40);
    expect(openMs).toBeGreaterThanOrEqual(SMALL.headersTimeoutMs);
    expect(openMs).toBeLessThan(SMALL.headersTimeoutMs + 1000);
    const response = parseResponse(connection.received());
    expect(response.status).toBe(408);
    expect(JSON.parse(response.body)).toEqual({ error: expect.any(String) });
  });

  it('cuts off a client that sends its body one byte at a time', async () => {
    const connection = await connect(port);
    const body = JSON.stringify({ message: 'x'.repeat(400) });
    connection.socket.write(
      `POST ${API.chat} HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
    );
    const sent = await dribble(connection, body.slice(0, 40), 50);
    const openMs = await closedWithin(connection, 1000);
    expect(sent).toBeLessThan(40);
    expect(openMs).toBeGreaterThanOrEqual(SMALL.requestTimeoutMs);
    expect(openMs).toBeLessThan(SMALL.requestTimeoutMs + 1000);
    expect(parseResponse(connection.received()).status).toBe(408);
    await closeAll([await servedSoon(port)]);
  });

  it('refuses connections over the per-address cap while another address is served', async () => {
    const held = [await served(port), await served(port), await served(port)];
    await refused(port);
    const other = await served(port, '127.0.0.2');
    // Held connections are untouched, and one closing makes room for a fresh one.
    expect(parseResponse(await get(held[0]!, API.health)).status).toBe(200);
    await closeAll([held.pop()!]);
    const fresh = await servedSoon(port);
    await closeAll([...held, other, fresh]);
  });

  it('refuses connections over the total cap, whatever the address', async () => {
    const held = [
      ...(await Promise.all([served(port), served(port), served(port)])),
      await served(port, '127.0.0.2'),
      await served(port, '127.0.0.3'),
    ];
    await refused(port, '127.0.0.4');
    await closeAll(held.splice(0, 1));
    const fresh = await servedSoon(port, '127.0.0.4');
    await closeAll([...held, fresh]);
  });
});

describe('connections behind a trusted proxy', () => {
  it('does not cap the proxy per address (it speaks for many clients), only others', async () => {
    const { t, port } = await listening({
      env: { TRUST_PROXY: '127.0.0.1' },
      deps: { connections: { ...SMALL, perAddress: 2, total: 100 } },
    });
    try {
      const proxy = await Promise.all([1, 2, 3, 4].map(() => served(port)));
      const direct = [await served(port, '127.0.0.2'), await served(port, '127.0.0.2')];
      await refused(port, '127.0.0.2');
      await closeAll([...proxy, ...direct]);
    } finally {
      await t.close();
    }
  });

  it('reads TRUST_PROXY addresses and CIDRs, IPv4-mapped IPv6 as IPv4', () => {
    const trusted = trustedProxyCheck(['10.0.0.5', '192.168.0.0/16', 'fd00::/8']);
    expect(['10.0.0.5', '::ffff:10.0.0.5', '192.168.4.1', 'fd00::1'].map(trusted)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['10.0.0.6', '8.8.8.8', '2001:db8::1'].map(trusted)).toEqual([false, false, false]);
    expect(trustedProxyCheck(false)('10.0.0.5')).toBe(false);
    expect(trustedProxyCheck(1)('203.0.113.9')).toBe(true);
  });
});
