import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What each build produces, and the sources it is made from. */
const TARGETS = [
  { output: 'packages/shared/dist/index.js', sources: ['packages/shared/src'] },
  { output: 'apps/server/dist/main.js', sources: ['apps/server/src', 'packages/shared/src'] },
  {
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/index.html', 'packages/shared/src'],
  },
];

/** Runs `npm run build` when an output is missing or older than its sources. */
export async function buildIfNeeded(root) {
  const stale = TARGETS.filter(({ output, sources }) => {
    const out = path.join(root, output);
    if (!existsSync(out)) return true;
    const builtAt = statSync(out).mtimeMs;
    return sources.some((source) => newestMtime(path.join(root, source)) > builtAt);
  });
  if (stale.length === 0) return;
  console.log('Building the app (first start or changed sources)...');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}
