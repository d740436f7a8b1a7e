import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PageView } from '@vuxo/shared';
import type { Database } from '../db/schema.js';

/** The first-party page-view log (analytics). */
export function analyticsService({ db }: { db: Kysely<Database> }) {
  return {
    async recordPageView(view: PageView): Promise<void> {
      await db
        .insertInto('page_views')
        .values({
          id: randomUUID(),
          path: view.path,
          referrer: view.referrer ?? null,
          visitor_id: null,
          created_at: new Date().toISOString(),
        })
        .execute();
    },
  };
}
export type AnalyticsService = ReturnType<typeof analyticsService>;
