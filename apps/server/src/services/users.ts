import type { Kysely } from 'kysely';
import type { VerifiedIdentity } from '../adapters/identity/identity.js';
import type { Database } from '../db/schema.js';

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

export function usersService(db: Kysely<Database>): UsersService {
  return {
    async ensure(identity) {
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
      return {
        id: identity.uid,
        email: identity.email,
        displayName: identity.displayName,
        emailVerified: identity.emailVerified,
      };
    },
  };
}
