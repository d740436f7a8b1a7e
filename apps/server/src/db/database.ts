import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDialectConfig } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { LruMap } from '../lru-map.js';

export interface DatabaseOptions {
  /** postgres:// or postgresql:// selects PostgreSQL; empty selects SQLite under dataDir. */
  databaseUrl?: string | null;
  dataDir: string;
  /** PostgreSQL only: the schema to work in (tests isolate each file in its own). */
  searchPath?: string;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  /** Where the data lives, for the startup banner; never holds a password. */
  describe: string;
  close(): Promise<void>;
}

export const SQLITE_FILE_NAME = 'vuxo.db';

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  const url = options.databaseUrl?.trim();
  return url ? openPostgres(url, options.searchPath) : openSqlite(options.dataDir);
}

function openSqlite(dataDir: string): DatabaseHandle {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const shown = path.relative(process.cwd(), file);
  const describe = `SQLite at ${shown.startsWith('..') || path.isAbsolute(shown) ? file : shown}`;
  return { db, dialect: 'sqlite', describe, close: once(() => db.destroy()) };
}

/** Prepared statements kept per SQL text: at most this many (queries with `in (…)` lists vary in length). */
const STATEMENTS_KEPT = 500;

/**
 * Kysely prepares every query again; better-sqlite3's statements can be run again and again, and preparing
 * was a good share of a chat message's cost. Kysely runs one query at a time on this connection, so a
 * statement is never in use twice at once.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDialectConfig['database'] {
  const statements = new LruMap<string, SqliteDatabase.Statement>(STATEMENTS_KEPT);
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

function openPostgres(databaseUrl: string, searchPath: string | undefined): DatabaseHandle {
  const url = parsePostgresUrl(databaseUrl);
  if (searchPath !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(searchPath)) {
    throw new Error(`Invalid PostgreSQL schema name: ${searchPath}`);
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    types: { getTypeParser: int8AsNumber },
    // PostgreSQL away: a request fails in seconds (a 503), and the next connection is tried afresh.
    connectionTimeoutMillis: 3_000,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  // An idle connection dropped by the server would otherwise crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('PostgreSQL idle connection error:', error.message));
  // So would one dropped while a request holds it (pg emits 'error' on the client besides failing its query):
  // the query's own error answers the request (a 503), and the pool discards the client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const where = `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  const describe = `PostgreSQL at ${where}${searchPath ? ` (schema ${searchPath})` : ''}`;
  return { db, dialect: 'postgres', describe, close: once(() => db.destroy()) };
}

function parsePostgresUrl(databaseUrl: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(databaseUrl);
  } catch {
    // Reported below without echoing the value, which may hold a password.
  }
  if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')) {
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  return url;
}

/** count(*) and sum(integer) are int8 in PostgreSQL, which pg returns as strings; SQLite gives numbers. */
const int8AsNumber: typeof pg.types.getTypeParser = (oid: number, format?: 'text' | 'binary') =>
  oid === pg.types.builtins.INT8 && format !== 'binary' ? Number : pg.types.getTypeParser(oid, format);

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}
