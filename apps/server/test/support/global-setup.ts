import type { TestProject } from 'vitest/node';
import { ProcessGroup } from '../../../../scripts/lib/processes.mjs';
import { startAuthEmulator } from '../../../../scripts/lib/auth-emulator.mjs';
import { freePortRun } from '../../../../scripts/lib/ports.mjs';

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
