import { createServer } from 'node:net';

/**
 * A first port of `count` consecutive free ports (the Auth emulator, its hub and its logging port), taken below
 * Linux's range for outgoing connections (32768 up), where a busy run's own connections could take a neighbour.
 */
export async function freePortRun(count) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 3_000) * 3;
    const free = await Promise.all(Array.from({ length: count }, (_, i) => isFree(base + i)));
    if (free.every(Boolean)) return base;
  }
  throw new Error('No free ports for the Auth emulator');
}

function isFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
