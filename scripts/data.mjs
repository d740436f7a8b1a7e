#!/usr/bin/env node
// `npm run backup -- <dir>` and `npm run restore -- <dir>`: back up DATA_DIR's database and uploads while the
// server runs, or put a backup back with the server stopped (apps/server/src/backup.ts, decision 028).
// Configuration is read as the server reads it (the environment, then `.env` at the root).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfNeeded } from './lib/build.mjs';

const USAGE = {
  backup: 'npm run backup -- <new directory>     (for example backups/2026-11-25)',
  restore: 'npm run restore -- <backup directory>  (stop the server first)',
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [command, target, ...extra] = process.argv.slice(2);
if (!Object.hasOwn(USAGE, command ?? '') || !target || extra.length > 0) {
  console.error(`Usage:\n  ${(USAGE[command] ? [USAGE[command]] : Object.values(USAGE)).join('\n  ')}`);
  process.exit(2);
}
// The directory is named from where the command was typed (npm runs scripts at the root).
const callerDir = process.env.INIT_CWD || process.cwd();
const directory = path.resolve(callerDir, target);
process.chdir(root);
if (existsSync('.env')) process.loadEnvFile('.env');

try {
  await buildIfNeeded(root);
  const server = (file) => import(pathToFileURL(path.join(root, 'apps/server/dist', file)).href);
  const { loadConfig } = await server('config.js');
  const { backupData, restoreData } = await server('backup.js');
  const config = loadConfig();
  const options = { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
  if (command === 'backup') printBackup(await backupData({ ...options, to: directory }));
  else printRestore(await restoreData({ ...options, from: directory }), config.dataDir);
} catch (error) {
  // A refused directory, a damaged backup or a bad setting is explained by its message; anything else is a bug.
  const expected = error instanceof Error && (error.name === 'BackupError' || error.name === 'ConfigError');
  console.error(expected ? error.message : error);
  process.exitCode = 1;
}

function printBackup({ to, manifest, vanishedUploads, notes }) {
  const { database, uploads } = manifest;
  console.log(`Backup written to ${shown(to)}`);
  if (database.engine === 'sqlite') {
    const { users, bots } = database.rows;
    console.log(
      `  database: ${database.file}, ${size(database.bytes)}, integrity ok, ${users} users, ${bots} bots (sha256 ${database.sha256.slice(0, 12)}…)`,
    );
  } else {
    console.log('  database: PostgreSQL, not included (see below)');
  }
  const vanished = vanishedUploads > 0 ? `; ${vanishedUploads} removed by the server while copying` : '';
  console.log(`  uploads:  ${uploads.files} files, ${size(uploads.bytes)}${vanished}`);
  for (const note of notes) console.log(note);
}

function printRestore({ manifest, keptIn, notes }, dataDir) {
  const { database, uploads } = manifest;
  console.log(`Restored the backup made ${manifest.createdAt} into ${shown(dataDir)}`);
  if (database.engine === 'sqlite') {
    console.log(`  database: ${database.rows.users} users, ${database.rows.bots} bots`);
  }
  console.log(`  uploads:  ${uploads.files} files, ${size(uploads.bytes)}`);
  console.log(keptIn ? `The data it replaced is kept in ${shown(keptIn)}` : 'There was no data to replace.');
  for (const note of notes) console.log(note);
}

/** A path as the caller would type it: relative to where they are when it is inside, else absolute. */
function shown(file) {
  const relative = path.relative(callerDir, file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

function size(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}
