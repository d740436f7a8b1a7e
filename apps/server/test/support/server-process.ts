import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { API } from '@vuxo/shared';
import { TEST_PROJECT_ID } from './global-setup.js';
import { waitFor } from './wizard-flow.js';

const root = path.resolve(import.meta.dirname, '../../../..');
const ENTRY = 'apps/server/src/main.ts';

/**
 * The server as `npm start` runs it, in its own process on SQLite in `dataDir`, so a test can SIGKILL it and
 * start it again on the same data. With WORKERS=N (and PostgreSQL and Redis) it is the primary, and
 * `workers()` lists the server processes it forked.
 */
export function serverProcess(dataDir: string, env: Record<string, string> = {}) {
  const port = 20_000 + Math.floor(Math.random() * 9000) * 4 + 3;
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let errorOutput = '';

  return {
    base,
    /** What the process (and its workers) wrote to stderr so far: crashes, a worker replaced, … */
    stderr: () => errorOutput,
    /** The process started (the primary, with WORKERS=N); undefined before `start()`. */
    get pid(): number | undefined {
      return child?.pid;
    },
    /** WORKERS=N: the ids of the worker processes the primary runs now (its children that run the server). */
    workers(): number[] {
      if (!child?.pid) return [];
      let children: number[];
      try {
        children = execFileSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' })
          .split('\n')
          .filter(Boolean)
          .map(Number);
      } catch {
        return []; // pgrep exits 1 when the process has no children.
      }
      // Not another child, such as the esbuild service tsx starts to compile changed files.
      return children.filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(ENTRY);
        } catch {
          return false; // Gone meanwhile.
        }
      });
    },
    /**
     * How many client connections process `pid` holds open on the server's port (Linux: its sockets in
     * /proc/net/tcp*): with WORKERS=N, whether a worker is serving.
     */
    clientConnections(pid: number): number {
      const sockets = new Set<string>();
      let fds: string[];
      try {
        fds = readdirSync(`/proc/${pid}/fd`);
      } catch {
        return 0; // No such process.
      }
      for (const fd of fds) {
        try {
          const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
          if (inode) sockets.add(inode);
        } catch {
          // Closed while read.
        }
      }
      const localPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
      const ESTABLISHED = '01';
      let count = 0;
      for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
        for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
          const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
          if (local?.endsWith(localPort) && state === ESTABLISHED && inode && sockets.has(inode)) count += 1;
        }
      }
      return count;
    },
    async start(): Promise<void> {
      child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', ENTRY], {
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
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child.stderr!.setEncoding('utf8');
      child.stderr!.on('data', (text: string) => (errorOutput = (errorOutput + text).slice(-100_000)));
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
