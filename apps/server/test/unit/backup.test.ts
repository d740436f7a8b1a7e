import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { backupData, MANIFEST_FILE, restoreData, type BackupManifest } from '../../src/backup.js';
import { diskFileStore, type FileStore } from '../../src/adapters/files/file-store.js';
import { createDatabase, SQLITE_FILE_NAME, type DatabaseHandle } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { Database } from '../../src/db/schema.js';
import { insertBot, insertUser } from '../db/fixtures.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

let root: string;
let dataDir: string;
let handle: DatabaseHandle;
let db: Kysely<Database>;
let store: FileStore;
/** Where the store keeps its files (checked below). */
let uploadsDir: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'vuxo-backup-'));
  dataDir = path.join(root, 'data');
  handle = createDatabase({ dataDir });
  db = handle.db;
  await migrateToLatest(db);
  // A table for the writers below, and enough rows that the database is more than a few pages.
  const probe = sql`create table backup_probe (writer text, seq integer, body text, primary key (writer, seq))`;
  await probe.execute(db);
  for (let seq = 1; seq <= 2000; seq++) {
    await sql`insert into backup_probe values ('seed', ${seq}, ${'s'.repeat(1000)})`.execute(db);
  }
  for (let i = 0; i < 3; i++) await insertBot(db, await insertUser(db, { email: `owner${i}@example.com` }));

  store = diskFileStore(dataDir);
  const first = await store.save('documents', 'doc_first.pdf', randomBytes(40_000));
  for (let i = 0; i < 4; i++) await store.save('documents', `doc_${i}.pdf`, randomBytes(5_000 + i));
  await store.save('avatars', 'img_1.png', randomBytes(3_000));
  uploadsDir = path.join(dataDir, 'uploads');
  expect(existsSync(path.join(uploadsDir, first))).toBe(true);
});

afterEach(async () => {
  await handle.close();
  await rm(root, { recursive: true, force: true });
});

describe('backupData', () => {
  it('takes a consistent backup while this process and another one keep writing', async () => {
    const liveFile = path.join(dataDir, SQLITE_FILE_NAME);
    const child = childWriter(liveFile, 1000);
    await child.ready;

    let writing = true;
    let written = 0;
    const inProcess = (async () => {
      while (writing) {
        await insertUser(db, { email: `writer${written}@example.com` });
        if (written % 5 === 0) await store.save('documents', `doc_w${written}.pdf`, randomBytes(2_000));
        written++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await sleep(50);

    const to = path.join(root, 'backup');
    let before, result, after;
    try {
      before = { users: await countUsers(), probe: await countProbe(), files: await filesUnder(uploadsDir) };
      result = await backupData({ dataDir, to });
      after = { users: await countUsers(), probe: await countProbe() };
    } finally {
      writing = false;
      await inProcess;
      await child.done;
    }
    // Both writers really wrote while the backup ran.
    expect(after.users).toBeGreaterThan(before.users);
    expect(after.probe).toBeGreaterThan(before.probe);

    const manifest = JSON.parse(await readFile(path.join(to, MANIFEST_FILE), 'utf8')) as BackupManifest;
    expect(manifest).toEqual(result.manifest);
    expect(manifest.product).toBe('Vuxo');
    const backupFile = path.join(to, SQLITE_FILE_NAME);
    expect(manifest.database).toMatchObject({
      engine: 'sqlite',
      file: SQLITE_FILE_NAME,
      sha256: sha256(await readFile(backupFile)),
    });
    // One self-contained file.
    expect(await readdir(to)).toEqual(expect.arrayContaining([SQLITE_FILE_NAME, 'uploads', MANIFEST_FILE]));
    expect((await readdir(to)).filter((name) => name.includes('-wal') || name.includes('-shm'))).toEqual([]);

    const backup = new SqliteDatabase(backupFile, { readonly: true, fileMustExist: true });
    try {
      expect(backup.pragma('integrity_check', { simple: true })).toBe('ok');
      const users = count(backup, 'select count(*) as n from users');
      const childRows = count(backup, "select count(*) as n from backup_probe where writer = 'child'");
      const lastChildRow = count(backup, "select max(seq) as n from backup_probe where writer = 'child'");
      expect(users).toBeGreaterThanOrEqual(before.users);
      expect(users).toBeLessThanOrEqual(after.users);
      expect(childRows).toBeGreaterThanOrEqual(before.probe);
      expect(childRows).toBeLessThanOrEqual(after.probe);
      // The child's rows are numbered 1, 2, 3…: one moment of the database holds a prefix, with no gap.
      expect(lastChildRow).toBe(childRows);
      expect(manifest.database).toMatchObject({ rows: { users, bots: 3 } });
    } finally {
      backup.close();
    }

    const backedUp = await filesUnder(path.join(to, 'uploads'));
    for (const [file, hash] of before.files) expect(backedUp.get(file), file).toBe(hash);
    expect(manifest.uploads.files).toBe(backedUp.size);
  });

  it('refuses a directory that is not empty, or one inside the data directory', async () => {
    const to = path.join(root, 'used');
    await mkdir(to);
    await writeFile(path.join(to, 'notes.txt'), 'mine');
    await expect(backupData({ dataDir, to })).rejects.toThrow(`${to} is not empty`);
    expect(await readdir(to)).toEqual(['notes.txt']);

    await expect(backupData({ dataDir, to: path.join(dataDir, 'backup') })).rejects.toThrow(
      /outside the data directory/,
    );
    expect(existsSync(path.join(dataDir, 'backup'))).toBe(false);
  });

  it('with PostgreSQL, copies the uploads and names pg_dump for the database', async () => {
    const to = path.join(root, 'pg-backup');
    const result = await backupData({ dataDir, to, databaseUrl: 'postgres://vuxo@127.0.0.1:1/vuxo' });
    expect(result.manifest.database).toEqual({ engine: 'postgresql', included: false });
    expect(result.notes.join('\n')).toContain('pg_dump --format=custom "$DATABASE_URL"');
    expect(existsSync(path.join(to, SQLITE_FILE_NAME))).toBe(false);
    expect(await filesUnder(path.join(to, 'uploads'))).toEqual(await filesUnder(uploadsDir));

    await expect(restoreData({ from: to, dataDir })).rejects.toThrow(/made with PostgreSQL/);
  });
});

describe('restoreData', () => {
  it('restores the rows and files into a fresh data directory', async () => {
    const to = path.join(root, 'backup');
    await backupData({ dataDir, to });
    const fresh = path.join(root, 'fresh');

    const result = await restoreData({ from: to, dataDir: fresh });

    expect(result.keptIn).toBeNull();
    expect(rows(path.join(fresh, SQLITE_FILE_NAME))).toEqual(rows(path.join(to, SQLITE_FILE_NAME)));
    expect(rows(path.join(fresh, SQLITE_FILE_NAME)).users).toHaveLength(3);
    expect(await filesUnder(path.join(fresh, 'uploads'))).toEqual(await filesUnder(uploadsDir));
    expect((await readdir(fresh)).sort()).toEqual([SQLITE_FILE_NAME, 'uploads'].sort());
  });

  it('keeps the data it replaces in before-restore-*, and refuses while the database is open', async () => {
    const to = path.join(root, 'backup');
    await backupData({ dataDir, to });
    const atBackup = rows(path.join(to, SQLITE_FILE_NAME));
    const filesAtBackup = await filesUnder(uploadsDir);
    await insertUser(db, { email: 'later@example.com' });
    await store.save('documents', 'doc_later.pdf', randomBytes(1_000));

    // The server still has the database open.
    await expect(restoreData({ from: to, dataDir })).rejects.toThrow(/is in use \(is the server running\?\)/);

    await handle.close();
    const beforeRestore = await filesUnder(dataDir);
    const result = await restoreData({ from: to, dataDir });

    expect(result.keptIn).toMatch(/before-restore-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    const keptIn = result.keptIn!;
    expect(rows(path.join(dataDir, SQLITE_FILE_NAME))).toEqual(atBackup);
    expect(await filesUnder(path.join(dataDir, 'uploads'))).toEqual(filesAtBackup);
    // Everything that was in place is kept, byte for byte.
    const kept = rows(path.join(keptIn, SQLITE_FILE_NAME));
    expect(kept.users.map((u) => u.email)).toContain('later@example.com');
    const keptFiles = await filesUnder(keptIn);
    for (const [file, hash] of beforeRestore) {
      if (file.startsWith('uploads/')) expect(keptFiles.get(file), file).toBe(hash);
    }
    expect(keptFiles.has('uploads/documents/doc_later.pdf')).toBe(true);
    expect((await readdir(dataDir)).filter((name) => name.startsWith('restoring-'))).toEqual([]);
  });

  it('refuses a damaged backup and changes nothing', async () => {
    const to = path.join(root, 'backup');
    await backupData({ dataDir, to });
    const backupFile = path.join(to, SQLITE_FILE_NAME);
    const bytes = await readFile(backupFile);
    for (let i = 0; i < 16; i++) bytes[Math.floor(bytes.length / 2) + i]! ^= 0xff;
    await writeFile(backupFile, bytes);
    await handle.close();
    const before = await filesUnder(dataDir);

    await expect(restoreData({ from: to, dataDir })).rejects.toThrow(
      `The backup's database ${backupFile} does not match its manifest (sha256 differs)`,
    );

    expect(await filesUnder(dataDir)).toEqual(before);
  });

  it('refuses a directory that is not a backup', async () => {
    await expect(restoreData({ from: path.join(root, 'nothing'), dataDir })).rejects.toThrow(
      /is not a finished backup: it has no manifest.json/,
    );
  });
});

/** A real concurrent writer: another process inserting numbered rows for `ms` milliseconds. */
function childWriter(file: string, ms: number): { ready: Promise<void>; done: Promise<void> } {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.env.PROBE_FILE, { timeout: 5000 });
    db.pragma('journal_mode = WAL');
    const insert = db.prepare("insert into backup_probe values ('child', ?, ?)");
    const end = Date.now() + Number(process.env.PROBE_MS);
    let seq = 0;
    (function tick() {
      for (let i = 0; i < 10; i++) insert.run(++seq, 'c'.repeat(500));
      if (seq === 10) console.log('ready');
      if (Date.now() < end) return setImmediate(tick);
      db.close();
    })();`;
  const child = spawn(process.execPath, ['-e', script], {
    cwd: REPO_ROOT,
    env: { ...process.env, PROBE_FILE: file, PROBE_MS: String(ms) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<void>((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`writer exited ${code}: ${stderr}`)),
    ),
  );
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => resolve());
    done.then(() => reject(new Error('writer ended before it was ready')), reject);
  });
  return { ready, done };
}

async function countUsers(): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

async function countProbe(): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from backup_probe where writer = 'child'`.execute(db);
  return rows[0]!.n;
}

function count(database: SqliteDatabase.Database, query: string): number {
  return (database.prepare(query).get() as { n: number }).n;
}

/** Every user and bot row of a database file. */
function rows(file: string): { users: Record<string, unknown>[]; bots: Record<string, unknown>[] } {
  const database = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    return {
      users: database.prepare('select * from users order by id').all() as Record<string, unknown>[],
      bots: database.prepare('select * from bots order by id').all() as Record<string, unknown>[],
    };
  } finally {
    database.close();
  }
}

/** Each file under `dir` (path with `/`) and the sha256 of its bytes; not the store's files being written. */
async function filesUnder(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, full).split(path.sep).join('/'), sha256(await readFile(full)));
  }
  return new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
