import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { z } from 'zod';
import { BRAND } from '@vuxo/shared';
import { SQLITE_FILE_NAME } from './db/database.js';
import { UPLOADS_DIR } from './adapters/files/file-store.js';
import {
  BackupError,
  prepareEmptyDirectory,
  emptyDirectory,
  copyTree,
  measureTree,
  hashFile,
  uniqueDirectory,
  timestamp,
  isInside,
  messageOf,
} from './backup-files.js';

export { BackupError };

/**
 * Backups of DATA_DIR while the server runs (`npm run backup`, `npm run restore`; decision 028).
 *
 * A backup is a directory: the SQLite database made with SQLite's online backup API (a consistent snapshot,
 * taken while the server goes on writing), a copy of every upload, and `manifest.json`, written last, so a
 * directory without one is not a finished backup. With DATABASE_URL (PostgreSQL) the database is left to
 * pg_dump and only the uploads are copied.
 */

export const MANIFEST_FILE = 'manifest.json';
/** The name the README and the advice below give a pg_dump file. */
export const PG_DUMP_FILE = 'vuxo.dump';
/** The live database's companions in WAL mode; a restore moves them aside with it. */
const SQLITE_COMPANIONS = ['-wal', '-shm'];
/** Pages per backup step: everything in one step, so the copy is one read transaction (see backupSqlite). */
const ALL_PAGES = 0x7fffffff;

const manifestSchema = z.object({
  format: z.literal(1),
  product: z.string(),
  createdAt: z.string(),
  database: z.discriminatedUnion('engine', [
    z.object({
      engine: z.literal('sqlite'),
      file: z.string().regex(/^[\w.-]+$/),
      bytes: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      rows: z.object({ users: z.number().int().nonnegative(), bots: z.number().int().nonnegative() }),
    }),
    z.object({ engine: z.literal('postgresql'), included: z.literal(false) }),
  ]),
  uploads: z.object({ files: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

export interface BackupOptions {
  dataDir: string;
  /** A new or empty directory, outside the data directory. */
  to: string;
  /** Set (postgres://…): the database is PostgreSQL's, and only the uploads are copied. */
  databaseUrl?: string | null;
}

export interface BackupResult {
  to: string;
  manifest: BackupManifest;
  /** Uploads removed while they were being copied (the server sweeps unused ones). */
  vanishedUploads: number;
  /** What the person running it should know, one sentence each. */
  notes: string[];
}

export async function backupData(options: BackupOptions): Promise<BackupResult> {
  const dataDir = path.resolve(options.dataDir);
  const to = path.resolve(options.to);
  const postgres = Boolean(options.databaseUrl?.trim());
  const liveDatabase = path.join(dataDir, SQLITE_FILE_NAME);
  if (isInside(to, dataDir)) {
    throw new BackupError(`Write the backup outside the data directory (${dataDir}), not into ${to}.`);
  }
  if (!postgres && !existsSync(liveDatabase)) {
    throw new BackupError(`There is no database at ${liveDatabase}: nothing to back up. Is DATA_DIR right?`);
  }
  const created = await prepareEmptyDirectory(to);
  try {
    // The database first: an upload its rows name was saved before its row, so it is still there to copy.
    const database: BackupManifest['database'] = postgres
      ? { engine: 'postgresql', included: false }
      : await backupSqlite(liveDatabase, path.join(to, SQLITE_FILE_NAME));
    const uploads = await copyTree(path.join(dataDir, UPLOADS_DIR), path.join(to, UPLOADS_DIR));
    const manifest: BackupManifest = {
      format: 1,
      product: BRAND,
      createdAt: new Date().toISOString(),
      database,
      uploads: { files: uploads.files, bytes: uploads.bytes },
    };
    await writeFile(path.join(to, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { flag: 'wx' });
    const notes = postgres
      ? [
          'Uploads saved while the backup ran may be missing from it.',
          `PostgreSQL (DATABASE_URL) is not in this backup: dump it now with pg_dump --format=custom "$DATABASE_URL" > "${path.join(to, PG_DUMP_FILE)}"`,
        ]
      : ['Uploads saved while the backup ran may be missing from it; the database is one consistent moment.'];
    return { to, manifest, vanishedUploads: uploads.vanished, notes };
  } catch (error) {
    await emptyDirectory(to, created);
    throw error;
  }
}

export interface RestoreOptions {
  /** A directory written by backupData. */
  from: string;
  dataDir: string;
  /** Set (postgres://…): the backup must be one made with PostgreSQL, and only its uploads are restored. */
  databaseUrl?: string | null;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the data that was in place went (`<dataDir>/before-restore-<time>`); null when there was none. */
  keptIn: string | null;
  notes: string[];
}

/**
 * Puts a backup in place of the data directory's database and uploads. The server must be stopped: a
 * database another process has open is refused, and uploads are moved without asking anyone. Everything is
 * checked before anything moves; what was in place is moved to `before-restore-<time>`, never deleted.
 */
export async function restoreData(options: RestoreOptions): Promise<RestoreResult> {
  const from = path.resolve(options.from);
  const dataDir = path.resolve(options.dataDir);
  const postgres = Boolean(options.databaseUrl?.trim());
  const manifest = await readManifest(from);
  const { database } = manifest;

  if (database.engine === 'sqlite') {
    if (postgres) {
      throw new BackupError(
        'This backup holds a SQLite database, but DATABASE_URL is set, so the server would not use it. Unset DATABASE_URL to restore it.',
      );
    }
    await verifyDatabaseFile(path.join(from, database.file), database);
  } else if (!postgres) {
    throw new BackupError(
      'This backup was made with PostgreSQL and holds the uploads only. Set DATABASE_URL to restore them, and restore the database with pg_restore.',
    );
  }
  const uploads = await measureTree(path.join(from, UPLOADS_DIR));
  if (uploads.files !== manifest.uploads.files || uploads.bytes !== manifest.uploads.bytes) {
    throw new BackupError(
      `The backup's uploads do not match its manifest (${uploads.files} files, ${uploads.bytes} bytes; the manifest says ${manifest.uploads.files} files, ${manifest.uploads.bytes} bytes). The backup is incomplete or was changed; nothing was restored.`,
    );
  }

  await mkdir(dataDir, { recursive: true });
  const liveDatabase = path.join(dataDir, SQLITE_FILE_NAME);
  if (database.engine === 'sqlite') assertNotInUse(liveDatabase);

  // Copy the backup next to the data first, so a failure here leaves the data as it was.
  const stamp = timestamp();
  const staging = await uniqueDirectory(dataDir, `restoring-${stamp}`);
  const incoming = [UPLOADS_DIR];
  try {
    if (database.engine === 'sqlite') {
      await copyFile(path.join(from, database.file), path.join(staging, SQLITE_FILE_NAME));
      incoming.push(SQLITE_FILE_NAME);
    }
    await copyTree(path.join(from, UPLOADS_DIR), path.join(staging, UPLOADS_DIR));
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }

  const replaced = [UPLOADS_DIR];
  if (database.engine === 'sqlite') {
    replaced.push(SQLITE_FILE_NAME, ...SQLITE_COMPANIONS.map((suffix) => SQLITE_FILE_NAME + suffix));
  }
  const present = replaced.filter((name) => existsSync(path.join(dataDir, name)));
  let keptIn: string | null = null;
  if (present.length > 0) {
    keptIn = await uniqueDirectory(dataDir, `before-restore-${stamp}`);
    for (const name of present) await rename(path.join(dataDir, name), path.join(keptIn, name));
  }
  for (const name of incoming) await rename(path.join(staging, name), path.join(dataDir, name));
  await rmdir(staging);

  const notes =
    database.engine === 'sqlite'
      ? ['Start the server again to use the restored data.']
      : [
          `Restore the database with: pg_restore --clean --if-exists -d "$DATABASE_URL" "${path.join(from, PG_DUMP_FILE)}"`,
        ];
  return { manifest, keptIn, notes };
}

/**
 * SQLite's online backup API, from a read-only connection: it never writes the live database. All pages are
 * copied in one step, which is one read transaction: in WAL mode the server's writes go on meanwhile, and
 * the copy is the database as it was when the step began. (In small steps, each write by another
 * connection would restart the copy, and a busy server could keep it from ever finishing.)
 */
async function backupSqlite(liveFile: string, backupFile: string): Promise<BackupManifest['database']> {
  const source = new SqliteDatabase(liveFile, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    await source.backup(backupFile, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  const rows = inspectDatabase(backupFile, { makeSelfContained: true });
  const { sha256, bytes } = await hashFile(backupFile);
  return { engine: 'sqlite', file: SQLITE_FILE_NAME, bytes, sha256, rows };
}

/** Checks a database file with SQLite's integrity check and counts its users and bots. */
function inspectDatabase(
  file: string,
  options: { makeSelfContained: boolean },
): { users: number; bots: number } {
  let db: SqliteDatabase.Database | undefined;
  try {
    db = new SqliteDatabase(file, { readonly: !options.makeSelfContained, fileMustExist: true });
    // A rollback journal: the backup is then one file, with no -wal or -shm beside it.
    if (options.makeSelfContained) db.pragma('journal_mode = DELETE');
    const problems = (db.pragma('integrity_check') as { integrity_check: string }[]).map(
      (r) => r.integrity_check,
    );
    if (problems.length !== 1 || problems[0] !== 'ok') {
      throw new BackupError(
        `The database copy ${file} fails SQLite's integrity check: ${problems.slice(0, 3).join('; ')}`,
      );
    }
    return { users: countRows(db, file, 'users'), bots: countRows(db, file, 'bots') };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The database copy ${file} cannot be read: ${messageOf(error)}`, { cause: error });
  } finally {
    db?.close();
  }
}

function countRows(db: SqliteDatabase.Database, file: string, table: 'users' | 'bots'): number {
  const exists = db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(table);
  if (!exists) throw new BackupError(`${file} is not a ${BRAND} database: it has no ${table} table.`);
  return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
}

async function verifyDatabaseFile(
  file: string,
  expected: Extract<BackupManifest['database'], { engine: 'sqlite' }>,
): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`The backup has no database file: ${file} is missing.`);
  const { sha256, bytes } = await hashFile(file);
  if (sha256 !== expected.sha256 || bytes !== expected.bytes) {
    throw new BackupError(
      `The backup's database ${file} does not match its manifest (sha256 differs): the backup is damaged or was changed. Nothing was restored.`,
    );
  }
  inspectDatabase(file, { makeSelfContained: false });
}

/**
 * Refuses a database another process has open. A server holds a shared lock on its WAL-mode database for
 * as long as it has it open, even when idle, so an exclusive lock is refused while it runs. Closing this
 * connection, the last one, folds the -wal file into the database, which loses nothing.
 */
function assertNotInUse(file: string): void {
  if (!existsSync(file)) return;
  let db: SqliteDatabase.Database | undefined;
  try {
    db = new SqliteDatabase(file, { fileMustExist: true, timeout: 1000 });
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code)) {
      throw new BackupError(
        `The database ${file} is in use (is the server running?). Stop the server, then restore.`,
      );
    }
    // Any other failure (a damaged database, perhaps the reason for restoring) does not stop it: it is moved aside.
  } finally {
    db?.close();
  }
}

async function readManifest(from: string): Promise<BackupManifest> {
  const file = path.join(from, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new BackupError(`${from} is not a finished backup: it has no ${MANIFEST_FILE}.`);
  }
  let parsed: ReturnType<typeof manifestSchema.safeParse>;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(text));
  } catch {
    throw new BackupError(`${file} is not valid JSON.`);
  }
  if (!parsed.success || parsed.data.product !== BRAND) {
    throw new BackupError(`${file} is not the manifest of a ${BRAND} backup this version can restore.`);
  }
  return parsed.data;
}
