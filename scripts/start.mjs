#!/usr/bin/env node
// `npm start` (and `npm run dev` with --dev): builds what is not built, starts the Firebase Auth
// emulator unless a real Firebase project is configured, then the server. Ctrl-C stops everything.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './lib/build.mjs';
import { startAuthEmulator } from './lib/auth-emulator.mjs';
import { ProcessGroup } from './lib/processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const dev = process.argv.includes('--dev');
if (existsSync('.env')) process.loadEnvFile('.env');

const env = { ...process.env };
const processes = new ProcessGroup();
process.on('SIGINT', () => void processes.stopAll(130));
process.on('SIGTERM', () => void processes.stopAll(143));

try {
  if (!dev) await buildIfNeeded(root);
  const projectId = env.FIREBASE_PROJECT_ID || 'demo-vuxo';
  if (projectId.startsWith('demo-')) {
    const host = env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
    await startAuthEmulator({ processes, projectId, host, dataDir: path.resolve(env.DATA_DIR || 'data') });
    env.FIREBASE_AUTH_EMULATOR_HOST = host;
  }
  if (dev) startDev();
  else processes.start('server', process.execPath, ['apps/server/dist/main.js'], { env, main: true });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await processes.stopAll(1);
}

/** Hot reload: the API server under tsx watch on PORT+1, Vite on PORT proxying /api to it. */
function startDev() {
  const port = Number(env.PORT || 3000);
  const apiPort = port + 1;
  const tsx = path.join(root, 'node_modules/.bin/tsx');
  processes.start('server', tsx, ['watch', '--conditions=source', 'apps/server/src/main.ts'], {
    env: { ...env, PORT: String(apiPort), PUBLIC_URL: env.PUBLIC_URL || `http://localhost:${port}` },
    main: true,
  });
  const vite = path.join(root, 'node_modules/.bin/vite');
  processes.start('web', vite, ['--config', 'apps/web/vite.config.ts', 'apps/web'], {
    env: { ...env, PORT: String(port), VUXO_API_URL: `http://127.0.0.1:${apiPort}` },
    main: true,
  });
}
