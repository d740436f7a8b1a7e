import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What each build produces (a folder, with the file that proves it is complete) and its sources. */
const TARGETS = [
  { output: 'packages/shared/dist', proof: 'index.js', sources: ['packages/shared/src'] },
  // The server's own build skips unchanged output, so shared changes are caught by the first target.
  { output: 'apps/server/dist', proof: 'main.js', sources: ['apps/server/src'] },
  {
    output: 'apps/web/dist',
    proof: 'index.html',
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'packages/shared/src'],
  },
];

/** Runs `npm run build` when an output is missing or older than one of its source files. */
export async function buildIfNeeded(root) {
  const stale = TARGETS.filter(({ output, proof, sources }) => {
    const out = path.join(root, output);
    if (!existsSync(path.join(out, proof))) return true;
    const builtAt = newestFile(out);
    return sources.some((source) => newestFile(path.join(root, source)) > builtAt);
  });
  if (stale.length === 0) return;
  console.log('Building the app (first start or changed sources)...');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

/** The newest modification time of any file at or under `target` (0 when there is none). */
function newestFile(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestFile(path.join(target, entry)));
  return newest;
}
