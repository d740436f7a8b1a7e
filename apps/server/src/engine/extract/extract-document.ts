import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ExtractionError, isExtractionErrorCode } from './errors.js';
import { checkDocumentSize } from './limits.js';
import type { WorkerReply } from './extract-worker.js';
import type { ExtractedDocument, ExtractOptions } from './types.js';

export const EXTRACT_TIMEOUT_MS = 20_000;
const WORKER_LIMITS = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 };

let liveWorkers = 0;
/** Extraction workers started and not yet exited (for tests and diagnostics). */
export function liveExtractionWorkers(): number {
  return liveWorkers;
}

/**
 * Extracts the text of an uploaded document (PDF, DOCX, DOC or plain text, recognised by its bytes).
 * The parsing runs in a memory-limited worker thread that is terminated when `timeoutMs` runs out, so
 * a hostile file can neither hang nor crash the server. Throws `ExtractionError` for every refusal.
 */
export async function extractDocument(
  bytes: Uint8Array,
  options: ExtractOptions = {},
): Promise<ExtractedDocument> {
  checkDocumentSize(bytes);
  const timeoutMs = options.timeoutMs ?? EXTRACT_TIMEOUT_MS;
  const worker = startWorker(bytes);
  if (!worker) return extractWithoutWorker(bytes, timeoutMs);
  liveWorkers += 1;
  worker.once('exit', () => (liveWorkers -= 1));

  return new Promise<ExtractedDocument>((resolve, reject) => {
    let settled = false;
    // Every outcome stops the worker and waits for it to exit before settling: nothing is left running.
    const finish = (outcome: ExtractedDocument | ExtractionError): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const settle = (): void => (outcome instanceof ExtractionError ? reject(outcome) : resolve(outcome));
      worker.terminate().then(settle, settle);
    };
    const timer = setTimeout(() => finish(new ExtractionError('timeout')), timeoutMs);
    worker.once('message', (reply: WorkerReply) => {
      if (reply.ok) finish(reply.document);
      else
        finish(
          new ExtractionError(isExtractionErrorCode(reply.code) ? reply.code : 'corrupt', {
            cause: reply.detail,
          }),
        );
    });
    worker.once('error', (error: Error & { code?: string }) => {
      const code = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'tooComplex' : 'corrupt';
      finish(new ExtractionError(code, { cause: error }));
    });
    worker.once('exit', (exitCode) =>
      finish(new ExtractionError('corrupt', { cause: `worker exited (${exitCode})` })),
    );
  });
}

/**
 * The worker entry next to this module:
 * - compiled (dist/): `extract-worker.js` is there and is started directly.
 * - TypeScript sources (Vitest, tsx): only `extract-worker.ts` exists. Node 20 workers do not inherit the
 *   parent's loader hooks and tsx only registers itself on the main thread, so a two-line bootstrap
 *   registers tsx's ESM hooks inside the worker, then imports the .ts entry; `--conditions=source`
 *   resolves @vuxo/shared to its sources, as the tests do.
 * - Neither possible (no tsx): `null`, and the caller falls back to in-process extraction.
 */
function startWorker(bytes: Uint8Array): Worker | null {
  // A copy of our own to transfer (a Buffer's slice() would be a view of the caller's memory).
  const copy = new Uint8Array(bytes);
  const options = { workerData: { bytes: copy }, transferList: [copy.buffer], resourceLimits: WORKER_LIMITS };
  const compiled = new URL('./extract-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return new Worker(compiled, options);
  let tsx: string;
  try {
    tsx = import.meta.resolve('tsx/esm/api');
  } catch {
    return null;
  }
  const entry = new URL('./extract-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { ...options, eval: true, execArgv: ['--conditions=source'] });
}

/** Last resort without a worker: the time limit still answers the caller, but cannot stop the parsing. */
async function extractWithoutWorker(bytes: Uint8Array, timeoutMs: number): Promise<ExtractedDocument> {
  const { extractInThisThread } = await import('./extract-core.js');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new ExtractionError('timeout')), timeoutMs);
  });
  try {
    return await Promise.race([extractInThisThread(bytes), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
