import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
import { ProcessGroup } from '../../../../scripts/lib/processes.mjs';
import { startAuthEmulator } from '../../../../scripts/lib/auth-emulator.mjs';

/** The Firebase Auth emulator the API tests sign in against, on free ports of its own. */
export const TEST_PROJECT_ID = 'demo-vuxo-test';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const processes = new ProcessGroup();
  const port = await freePortRun(3);
  const host = `127.0.0.1:${port}`;
  await startAuthEmulator({
    processes,
    projectId: TEST_PROJECT_ID,
    host,
    dataDir: '',
    persist: false,
    main: false,
  });
  project.provide('authEmulatorHost', host);
  return () => processes.stop();
}

/** A first port of `count` consecutive free ports (the emulator, its hub and its logging port). */
async function freePortRun(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 3_000) * 3;
    const free = await Promise.all(Array.from({ length: count }, (_, i) => isFree(base + i)));
    if (free.every(Boolean)) return base;
  }
  throw new Error('No free ports for the Auth emulator');
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
