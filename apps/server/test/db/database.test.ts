import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from '../../src/db/database.js';

describe('createDatabase', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'vuxo-db-')), 'nested', 'data');
  });
  afterEach(() => rm(path.dirname(path.dirname(dataDir)), { recursive: true, force: true }));

  it('opens SQLite at <dataDir>/vuxo.db, creating the directory, with the pragmas set', async () => {
    const database = createDatabase({ databaseUrl: null, dataDir });
    try {
      expect(database.dialect).toBe('sqlite');
      expect(database.describe).toBe(`SQLite at ${path.join(dataDir, 'vuxo.db')}`);
      const pragma = async (name: string) => {
        const { rows } = await sql<Record<string, unknown>>`${sql.raw(`pragma ${name}`)}`.execute(
          database.db,
        );
        return Object.values(rows[0] ?? {})[0];
      };
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
      expect(await pragma('synchronous')).toBe(1); // NORMAL
      expect(existsSync(path.join(dataDir, 'vuxo.db'))).toBe(true);
    } finally {
      await database.close();
      await database.close(); // closing twice is harmless
    }
  });

  it('describes a SQLite file under the working directory by its relative path', async () => {
    const cwd = process.cwd();
    process.chdir(path.dirname(path.dirname(dataDir)));
    try {
      const database = createDatabase({ dataDir: 'nested/data' });
      expect(database.describe).toBe(`SQLite at ${path.join('nested', 'data', 'vuxo.db')}`);
      await database.close();
    } finally {
      process.chdir(cwd);
    }
  });

  it('chooses PostgreSQL for a postgres URL and never shows its password', async () => {
    for (const scheme of ['postgres', 'postgresql']) {
      const database = createDatabase({
        databaseUrl: `${scheme}://vuxo:s3cret@db.example:6543/prod`,
        dataDir,
      });
      expect(database.dialect).toBe('postgres');
      expect(database.describe).toBe('PostgreSQL at db.example:6543/prod');
      await database.close();
    }
    const withSchema = createDatabase({
      databaseUrl: 'postgres://db.example/prod',
      dataDir,
      searchPath: 't_1',
    });
    expect(withSchema.describe).toBe('PostgreSQL at db.example:5432/prod (schema t_1)');
    await withSchema.close();
  });

  it('refuses other URLs without echoing them', () => {
    expect(() => createDatabase({ databaseUrl: 'mysql://root:s3cret@h/db', dataDir })).toThrow(
      /^DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL$/,
    );
    expect(() => createDatabase({ databaseUrl: 'not a url s3cret', dataDir })).toThrow(/^DATABASE_URL must/);
    expect(() =>
      createDatabase({ databaseUrl: 'postgres://h/db', dataDir, searchPath: 'x; drop table users' }),
    ).toThrow(/schema name/);
  });
});
