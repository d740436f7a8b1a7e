import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';

/** `%…%` for LIKE, with the search's own wildcards taken literally. */
const pattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** True when any of the columns holds the search, ignoring case (the same on SQLite and PostgreSQL). */
export function anyHolds<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: Expression<string | null>[],
  q: string,
): Expression<SqlBool> {
  const like = pattern(q);
  return eb.or(columns.map((column) => sql<SqlBool>`lower(${column}) like ${like} escape '\\'`));
}
