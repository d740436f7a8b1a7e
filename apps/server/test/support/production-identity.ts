import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { firebaseIdentity } from '../../src/adapters/identity/firebase-identity.js';
import type { TestApp } from './test-app.js';

/**
 * The test app's config and database in a second app that verifies tokens as production does: no emulator,
 * so Google's keys and RS256 only. firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST on every call, so it stays
 * unset while `use` runs (no other app of this test file may verify a token meanwhile), then comes back.
 */
export async function withProductionIdentity<T>(
  t: TestApp,
  use: (app: FastifyInstance) => Promise<T>,
): Promise<T> {
  const identity = firebaseIdentity({ projectId: t.config.firebase.projectId, emulatorHost: null });
  try {
    const app = await buildApp({
      config: t.config,
      database: t.database,
      identity,
      webDist: null,
      runJobs: false,
    });
    try {
      return await use(app);
    } finally {
      await app.close();
    }
  } finally {
    await identity.close();
    process.env.FIREBASE_AUTH_EMULATOR_HOST = t.emulatorHost;
  }
}
