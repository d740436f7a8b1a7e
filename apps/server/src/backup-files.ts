import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { constants, copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** The files side of backups (backup.ts): empty directories, copying and measuring trees, hashing. */

/** file-store.ts writes a temporary file and renames it: one still being written is not an upload yet. */
const IN_FLIGHT = /\.tmp$/;

/** An expected failure (a refused directory, a damaged backup): its message is for the person running it. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** Creates `dir` if it is missing; refuses one that holds anything. True when it was created. */
export async function prepareEmptyDirectory(dir: string): Promise<boolean> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') throw new BackupError(`${dir} is a file: choose a new directory for the backup.`);
    if (code !== 'ENOENT') throw error;
    await mkdir(dir, { recursive: true });
    return true;
  }
  if (entries.length > 0) {
    throw new BackupError(`${dir} is not empty: choose a new directory for the backup.`);
  }
  return false;
}

/** Removes what a failed backup wrote: `dir` was new or empty, so everything in it is the backup's. */
export async function emptyDirectory(dir: string, created: boolean): Promise<void> {
  if (created) return rm(dir, { recursive: true, force: true });
  const entries = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(entries.map((name) => rm(path.join(dir, name), { recursive: true, force: true })));
}

export interface TreeCount {
  files: number;
  bytes: number;
  /** Files listed but gone before they could be copied. */
  vanished: number;
}

/** Copies the regular files under `from` (missing: nothing) to `to`, skipping files still being written. */
export async function copyTree(
  from: string,
  to: string,
  count: TreeCount = { files: 0, bytes: 0, vanished: 0 },
) {
  await mkdir(to, { recursive: true });
  const entries = await readdir(from, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      await copyTree(source, target, count);
    } else if (entry.isFile() && !IN_FLIGHT.test(entry.name)) {
      try {
        await copyFile(source, target, constants.COPYFILE_EXCL);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        count.vanished++;
        continue;
      }
      count.files++;
      count.bytes += (await stat(target)).size;
    }
  }
  return count;
}

/** The number and bytes of the regular files under `dir` (missing: none). */
export async function measureTree(dir: string): Promise<{ files: number; bytes: number }> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  let files = 0;
  let bytes = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

export async function hashFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** A new directory `<parent>/<name>`, with `-2`, `-3`… when that name is taken. */
export async function uniqueDirectory(parent: string, name: string): Promise<string> {
  for (let n = 1; ; n++) {
    const dir = path.join(parent, n === 1 ? name : `${name}-${n}`);
    try {
      await mkdir(dir);
      return dir;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/** The time as a file name: 2026-11-25T10-20-30Z. */
export function timestamp(): string {
  return new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
}

export function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
