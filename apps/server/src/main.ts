import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import { createDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { firebaseIdentity } from './adapters/identity/firebase-identity.js';

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

async function main(): Promise<void> {
  const config = readConfig();
  const database = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  const identity = firebaseIdentity({
    projectId: config.firebase.projectId,
    emulatorHost: config.firebase.emulatorHost,
  });
  const app = await buildApp({ config, database, identity, webDist: WEB_DIST });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await identity.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const lines = [
    `Vuxo is running at ${config.publicUrl}`,
    `  database:      ${database.describe}`,
    `  sign-in:       ${identity.describe}`,
    `  payments:      ${config.stripe ? 'Stripe' : 'local test mode (Stripe test cards: 4242 4242 4242 4242 succeeds)'}`,
    `  answer engine: ${config.llm ? `OpenAI-compatible model ${config.llm.model} at ${config.llm.baseUrl}` : 'built-in retrieval engine'}`,
  ];
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) lines.push('  web app:       not built (API only)');
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error('Vuxo failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
