import { spawn } from 'node:child_process';

/** Child processes started together and stopped together (each in its own process group). */
export class ProcessGroup {
  children = [];
  stopping = false;

  /** `main`: when this child exits on its own, everything stops with its exit code. */
  start(name, command, args, { env, cwd, main = false, quiet = false } = {}) {
    const child = spawn(command, args, {
      env,
      cwd,
      detached: true,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    });
    this.children.push(child);
    child.on('exit', (code, signal) => {
      this.children = this.children.filter((c) => c !== child);
      if (main && !this.stopping) {
        console.error(`${name} stopped (${signal ?? `exit code ${code}`}).`);
        void this.stopAll(code ?? 1);
      }
    });
    return child;
  }

  /** Stops every child (SIGINT, then SIGKILL after 10 s) and resolves when all are gone. */
  async stop() {
    this.stopping = true;
    const alive = this.children.filter((child) => child.exitCode === null && child.signalCode === null);
    await Promise.all(
      alive.map(
        (child) =>
          new Promise((resolve) => {
            const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000);
            child.on('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            signalGroup(child, 'SIGINT');
          }),
      ),
    );
  }

  async stopAll(exitCode) {
    if (this.exiting) return;
    this.exiting = true;
    await this.stop();
    process.exit(exitCode);
  }
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}
