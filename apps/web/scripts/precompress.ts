import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text files worth compressing; fonts and images arrive compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest|ico|wasm)$/;
/** Below this a compressed copy saves less than its extra headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `name.br` (brotli, best quality) and `name.gz` (gzip, level 9) beside each compressible file of the
 * build, so the server sends what a browser accepts without compressing anything per request. A copy that
 * would not be smaller is not written.
 */
export async function precompress(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = await readFile(file);
    if (bytes.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gzip = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });
    if (brotli.length < bytes.length) await writeFile(`${file}.br`, brotli);
    if (gzip.length < bytes.length) await writeFile(`${file}.gz`, gzip);
  }
}
