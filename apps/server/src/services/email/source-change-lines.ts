import type { Kysely } from 'kysely';
import type { SourceChange } from '@vuxo/shared';
import type { Database } from '../../db/schema.js';

/**
 * The weekly summary's lines for what re-reads of a bot's website pages changed since `since` (decision 119): each
 * changed key fact ("Grooming prices: Price of Full groom: $45 → $50"), and per page how many sentences came and went.
 */
export async function sourceChangesOf(db: Kysely<Database>, botId: string, since: string): Promise<string[]> {
  const rows = await db
    .selectFrom('source_refreshes')
    .innerJoin('bot_sources', 'bot_sources.id', 'source_refreshes.source_id')
    .select('source_refreshes.last_change')
    .where('bot_sources.bot_id', '=', botId)
    .where('source_refreshes.last_change', 'is not', null)
    .orderBy('bot_sources.created_at')
    .execute();
  const lines: string[] = [];
  for (const row of rows) {
    const change = JSON.parse(row.last_change!) as SourceChange;
    if (change.changedAt < since) continue;
    for (const page of change.pages) {
      for (const fact of page.facts) {
        const kept =
          fact.yours !== undefined ? ` (you answer ${fact.yours || 'nothing'}: keep yours or take it?)` : '';
        lines.push(`${page.title}: ${fact.label}: ${fact.before ?? 'none'} → ${fact.after ?? 'none'}${kept}`);
      }
      lines.push(
        `${page.title}: ${page.added.length} sentences added, ${page.removed.length} removed (${page.url})`,
      );
    }
  }
  return lines;
}
