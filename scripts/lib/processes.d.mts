import type { ChildProcess } from 'node:child_process';

export class ProcessGroup {
  start(
    name: string,
    command: string,
    args: string[],
    options?: { env?: NodeJS.ProcessEnv; cwd?: string; main?: boolean; quiet?: boolean },
  ): ChildProcess;
  stop(): Promise<void>;
  stopAll(exitCode: number): Promise<void>;
}
