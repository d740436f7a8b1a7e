import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Starts the Firebase Auth emulator (firebase-tools, offline with a demo- project, UI off) and waits
 * until it answers. Its accounts are kept under DATA_DIR/auth-emulator between runs.
 * An emulator already answering at that address is used as it is. `main`: stop everything if it dies.
 */
export async function startAuthEmulator({
  processes,
  projectId,
  host,
  dataDir,
  persist = true,
  main = true,
}) {
  const [hostname, portText] = host.split(':');
  const port = Number(portText);
  if (await isReady(host)) {
    console.log(`Using the Firebase Auth emulator already running at ${host}.`);
    return;
  }
  const workDir = path.join(tmpdir(), `vuxo-auth-emulator-${port}`);
  mkdirSync(workDir, { recursive: true });
  writeFileSync(
    path.join(workDir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: hostname, port },
        hub: { host: hostname, port: port + 1 },
        logging: { host: hostname, port: port + 2 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = ['emulators:start', '--only', 'auth', '--project', projectId];
  if (persist) {
    const saved = path.join(dataDir, 'auth-emulator');
    if (existsSync(path.join(saved, 'firebase-export-metadata.json'))) args.push('--import', saved);
    args.push('--export-on-exit', saved);
  }
  console.log(`Starting the Firebase Auth emulator at ${host} (project ${projectId})...`);
  const child = processes.start(
    'Firebase Auth emulator',
    path.join(root, 'node_modules/.bin/firebase'),
    args,
    {
      cwd: workDir,
      env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
      main,
      quiet: true,
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The Firebase Auth emulator failed to start:\n${output}`);
    if (await isReady(host)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The Firebase Auth emulator did not answer at ${host} within 90 s:\n${output}`);
}

async function isReady(host) {
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    const body = await res.json();
    return body?.authEmulator?.ready === true;
  } catch {
    return false;
  }
}
