import type { TestProject } from 'vitest/node';
import { ProcessGroup } from '../../../../scripts/lib/processes.mjs';
import { startAuthEmulator } from '../../../../scripts/lib/auth-emulator.mjs';

/** The Firebase Auth emulator the API tests sign in against, on ports of its own. */
export const TEST_PROJECT_ID = 'demo-vuxo-test';
const TEST_EMULATOR_HOST = '127.0.0.1:9399';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const processes = new ProcessGroup();
  await startAuthEmulator({
    processes,
    projectId: TEST_PROJECT_ID,
    host: TEST_EMULATOR_HOST,
    dataDir: '',
    persist: false,
  });
  project.provide('authEmulatorHost', TEST_EMULATOR_HOST);
  return () => processes.stop();
}
