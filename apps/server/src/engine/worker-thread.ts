import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts the worker-thread entry `name` ('extract-worker', 'build-worker') that sits beside `here` (the caller's
 * import.meta.url):
 * - compiled (dist/): the `.js` entry is there and is started directly.
 * - TypeScript sources (Vitest, tsx): only the `.ts` entry exists. Node 20 workers do not inherit the parent's
 *   loader hooks and tsx only registers itself on the main thread, so a two-line bootstrap registers tsx's ESM
 *   hooks inside the worker, then imports the .ts entry; `--conditions=source` resolves @vuxo/shared to its
 *   sources, as the tests do.
 * - Neither possible (no tsx): null, and the caller does the work in its own thread.
 */
export function startWorker(
  here: string,
  name: string,
  options: {
    workerData: unknown;
    transferList?: WorkerOptions['transferList'];
    resourceLimits: ResourceLimits;
  },
): Worker | null {
  const compiled = new URL(`./${name}.js`, here);
  if (existsSync(fileURLToPath(compiled))) return new Worker(compiled, options);
  let tsx: string;
  try {
    tsx = import.meta.resolve('tsx/esm/api');
  } catch {
    return null;
  }
  const entry = new URL(`./${name}.ts`, here).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { ...options, eval: true, execArgv: ['--conditions=source'] });
}
