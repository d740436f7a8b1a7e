import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of a real service (PostgreSQL, Redis) that a test can cut, as a network fault or a
 * stopped server would look to the app: every open connection is dropped and new ones are refused, until
 * `restore()`.
 */
export async function tcpProxy(upstream: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let cut = false;
  const server = createServer((client) => {
    if (cut) return client.destroy();
    const service = connect(upstream.port, upstream.host);
    for (const socket of [client, service]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(service).pipe(client);
    client.on('close', () => service.destroy());
    service.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      cut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
