import type { Kysely } from 'kysely';
import type { VerifiedIdentity } from '../adapters/identity/identity.js';
import type { Database } from '../db/schema.js';
import { LruMap } from '../lru-map.js';

export interface User {
  id: string;
  email: string | null;
  displayName: string | null;
  emailVerified: boolean;
}

export interface UsersService {
  /** The caller's user row, created on first use and kept in step with the identity provider. */
  ensure(identity: VerifiedIdentity): Promise<User>;
}

/** last_seen_at is kept to this precision: a signed-in owner's every request need not write their row. */
const LAST_SEEN_PRECISION_MS = 60_000;
const USERS_REMEMBERED = 10_000;

export function usersService({ db }: { db: Kysely<Database> }): UsersService {
  // Per user: what was last written and when, so an unchanged row is not written again within the minute.
  const written = new LruMap<string, { fields: string; at: number }>(USERS_REMEMBERED);

  return {
    async ensure(identity) {
      const user = {
        id: identity.uid,
        email: identity.email,
        displayName: identity.displayName,
        emailVerified: identity.emailVerified,
      };
      const fields = JSON.stringify(user);
      const last = written.get(user.id);
      if (last && last.fields === fields && Date.now() - last.at < LAST_SEEN_PRECISION_MS) return user;
      await upsert(identity);
      written.set(user.id, { fields, at: Date.now() });
      return user;
    },
  };

  async function upsert(identity: VerifiedIdentity) {
    const now = new Date().toISOString();
    const fields = {
      email: identity.email,
      display_name: identity.displayName,
      email_verified: identity.emailVerified ? 1 : 0,
      last_seen_at: now,
    };
    await db
      .insertInto('users')
      .values({ id: identity.uid, created_at: now, ...fields })
      .onConflict((oc) => oc.column('id').doUpdateSet(fields))
      .execute();
  }
}
