import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type * as Esbuild from 'esbuild';

/** From the sources, each entry is bundled once per process (the bundle is removed when the process exits). */
const bundled = new Map<string, string>();
const server = new URL('../../', import.meta.url);
const cache = fileURLToPath(new URL('node_modules/.cache/vuxo-entries/', server));
// @vuxo/shared → its src/ directory (index.ts), and @vuxo/shared/limits → src/limits.ts.
const sharedSources = fileURLToPath(new URL('../../packages/shared/src', server));

/**
 * The file that starts the entry `name` (a child process's or a worker thread's, e.g. 'extract-child') beside
 * `here` (the caller's import.meta.url):
 * - compiled (dist/): the `.js` entry beside it.
 * - TypeScript sources (Vitest, `npm run dev`): the `.ts` entry bundled by esbuild (a dev dependency) with
 *   @vuxo/shared's sources in and packages left to Node, under node_modules so Node finds them. It starts in
 *   about a quarter of tsx's time, with no loader thread of its own in the process's memory limit.
 * - neither (no esbuild): null, and the caller does the work in its own thread.
 */
export function entryFile(here: string, name: string): string | null {
  const compiled = fileURLToPath(new URL(`./${name}.js`, here));
  if (existsSync(compiled)) return compiled;
  const source = fileURLToPath(new URL(`./${name}.ts`, here));
  const done = bundled.get(source);
  if (done) return done;
  let esbuild: typeof Esbuild;
  try {
    esbuild = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
  } catch {
    return null;
  }
  const outfile = `${cache}${name}-${process.pid}-${bundled.size}-${Date.now().toString(36)}.mjs`;
  mkdirSync(cache, { recursive: true });
  esbuild.buildSync({
    entryPoints: [source],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    alias: { '@vuxo/shared': sharedSources },
    logLevel: 'error',
  });
  process.once('exit', () => rmSync(outfile, { force: true }));
  bundled.set(source, outfile);
  return outfile;
}
