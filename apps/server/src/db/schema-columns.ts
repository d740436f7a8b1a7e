import type { ColumnType } from 'kysely';

/**
 * The database's column conventions (the same on SQLite and PostgreSQL):
 * - ids are app-made random `text`; timestamps are ISO-8601 `text` from `new Date().toISOString()`,
 *   so they compare correctly as strings;
 * - booleans are `integer` 0/1 ({@link SqlBool});
 * - JSON values are `text` holding JSON ({@link JsonText}); parse and stringify in the service.
 * Enumerations are checked by these types, not by CHECK constraints, so a new value needs no migration.
 */
/** 0 or 1; typed as number because `flag ? 1 : 0` in an object literal widens to number. */
export type SqlBool = number;
export type IsoTimestamp = string;
export type JsonText = string;
/** A JSON text column with a database default (`'[]'`). */
export type JsonTextWithDefault = ColumnType<JsonText, JsonText | undefined, JsonText>;
