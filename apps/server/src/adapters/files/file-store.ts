import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploads live: server-made names only, under DATA_DIR/uploads/<area>/. `readings` keeps a scan while it is
 * read in the background, so that another process can read it again.
 */
export type FileArea = 'documents' | 'avatars' | 'readings';

export interface FileStore {
  /** Writes atomically (temp file, then rename) and returns the stored path relative to the store. */
  save(area: FileArea, name: string, bytes: Uint8Array): Promise<string>;
  read(storedPath: string): Promise<Buffer>;
  /** Removes a stored file; a missing file is not an error. */
  remove(storedPath: string): Promise<void>;
  /** The files of an area with their last change, for clean-up. */
  list(area: FileArea): Promise<{ storedPath: string; modifiedAt: Date }[]>;
  describe: string;
}

const SAFE_NAME = /^[A-Za-z0-9_-]+\.[a-z0-9]{1,5}$/;

/** Where uploads live under DATA_DIR (backups copy this folder). */
export const UPLOADS_DIR = 'uploads';

export function diskFileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, UPLOADS_DIR);
  const resolve = (storedPath: string) => {
    const full = path.resolve(root, storedPath);
    if (!full.startsWith(root + path.sep))
      throw new Error(`Refusing a path outside the file store: ${storedPath}`);
    return full;
  };
  return {
    describe: `files under ${root}`,
    async save(area, name, bytes) {
      if (!SAFE_NAME.test(name)) throw new Error(`Refusing an unsafe file name: ${name}`);
      const storedPath = `${area}/${name}`;
      const full = resolve(storedPath);
      await mkdir(path.dirname(full), { recursive: true });
      const temp = `${full}.${process.pid}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, full);
      return storedPath;
    },
    read: (storedPath) => readFile(resolve(storedPath)),
    async remove(storedPath) {
      await rm(resolve(storedPath), { force: true });
    },
    async list(area) {
      const dir = path.join(root, area);
      const names = await readdir(dir).catch(() => [] as string[]);
      const files = await Promise.all(
        names
          .filter((name) => SAFE_NAME.test(name))
          .map(async (name) => ({
            storedPath: `${area}/${name}`,
            modifiedAt: (await stat(path.join(dir, name))).mtime,
          })),
      );
      return files;
    },
  };
}
