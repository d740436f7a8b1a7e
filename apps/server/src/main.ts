import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import { createDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { describeMail } from './adapters/mail/mail-transport.js';
import { firebaseIdentity } from './adapters/identity/firebase-identity.js';
import { loadWordVectors } from './engine/vectors/word-vectors.js';

const WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');

function readConfig(): Config {
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(config: Config): Promise<void> {
  const database = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  const identity = firebaseIdentity({
    projectId: config.firebase.projectId,
    emulatorHost: config.firebase.emulatorHost,
  });
  const app = await buildApp({ config, database, identity, webDist: WEB_DIST });
  // Read before the first visitor: reading them on a question would hold every other request for 0.13 s.
  loadWordVectors();
  const mail = describeMail(config.smtpUrl, path.join(config.dataDir, 'outbox'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Requests in flight finish; a keep-alive connection is closed as soon as its last answer is sent, rather
    // than when its 65 s keep-alive runs out.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close();
    clearInterval(closeIdle);
    await identity.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  // Scaled, the first process says it; the others start quietly.
  if (cluster.isWorker && cluster.worker?.id !== 1) return;
  const lines = [
    `Vuxo is running at ${config.publicUrl}`,
    `  database:      ${database.describe}`,
    ...(config.redisUrl
      ? [`  shared limits: Redis, ${config.workers} server process${config.workers > 1 ? 'es' : ''}`]
      : []),
    `  sign-in:       ${identity.describe}`,
    `  payments:      ${config.stripe ? 'Stripe' : 'local test mode (Stripe test cards: 4242 4242 4242 4242 succeeds)'}`,
    `  email:         ${mail}`,
    `  answer engine: ${config.llm ? `OpenAI-compatible model ${config.llm.model} at ${config.llm.baseUrl}` : 'built-in retrieval engine'}`,
  ];
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) lines.push('  web app:       not built (API only)');
  console.log(lines.join('\n'));
}

/**
 * WORKERS=N (scaled setup, with DATABASE_URL and REDIS_URL): N server processes share the port; one that dies
 * is replaced. On SQLite the server stays one process.
 */
function startWorkers(config: Config): void {
  if (config.workers > 1 && (!config.databaseUrl || !config.redisUrl)) {
    console.error(
      'WORKERS above 1 needs DATABASE_URL (PostgreSQL) and REDIS_URL: the processes share their state.',
    );
    process.exit(1);
  }
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`Server process ${worker.process.pid} stopped (${signal ?? code}); starting another.`);
    cluster.fork();
  });
  // The processes take connections from the shared socket themselves (the operating system's choice), rather than
  // the primary handing each one over: a connection handed to a process that has just died would wait forever.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  for (let i = 0; i < config.workers; i++) cluster.fork();
}

const fail = (error: unknown) => {
  console.error('Vuxo failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
};

const config = readConfig();
if (cluster.isPrimary && config.workers > 1) startWorkers(config);
else main(config).catch(fail);
