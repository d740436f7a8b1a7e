import type { ProcessGroup } from './processes.mjs';

export function startAuthEmulator(options: {
  processes: ProcessGroup;
  projectId: string;
  host: string;
  dataDir: string;
  persist?: boolean;
  main?: boolean;
}): Promise<void>;
