import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';
import { API } from '@vuxo/shared';
import { TEST_PROJECT_ID } from './global-setup.js';
import { waitFor } from './wizard-flow.js';

const root = path.resolve(import.meta.dirname, '../../../..');

/**
 * The server as `npm start` runs it, in its own process on SQLite in `dataDir`, so a test can SIGKILL it and
 * start it again on the same data.
 */
export function serverProcess(dataDir: string, env: Record<string, string> = {}) {
  const port = 20_000 + Math.floor(Math.random() * 9000) * 4 + 3;
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  return {
    base,
    async start(): Promise<void> {
      child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          PORT: String(port),
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
          FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
          SITE_CHAT: 'off',
          ...env,
        },
        stdio: 'ignore',
      });
      const healthy = () =>
        fetch(`${base}${API.health}`).then(
          (r) => r.ok,
          () => false,
        );
      await waitFor(healthy, (ok) => ok, 60_000);
    },
    /** Asks the process to stop (SIGTERM, as a deploy does); resolves with its exit code once it is gone. */
    async terminate(): Promise<number | null> {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null)
        return running?.exitCode ?? null;
      const exited = new Promise<number | null>((resolve) => running.once('exit', (code) => resolve(code)));
      running.kill('SIGTERM');
      return exited;
    },
    /** Kills the process at once, as a crash or an out-of-memory kill would, and waits until it is gone. */
    async kill(): Promise<void> {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
}
