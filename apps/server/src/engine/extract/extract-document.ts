import type { Worker } from 'node:worker_threads';
import { startWorker } from '../worker-thread.js';
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
  const worker = startExtraction(bytes);
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

function startExtraction(bytes: Uint8Array): Worker | null {
  // A copy of our own to transfer (a Buffer's slice() would be a view of the caller's memory).
  const copy = new Uint8Array(bytes);
  return startWorker(import.meta.url, 'extract-worker', {
    workerData: { bytes: copy },
    transferList: [copy.buffer],
    resourceLimits: WORKER_LIMITS,
  });
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
