import type { Worker } from 'node:worker_threads';
import { settleWorker, startWorker } from '../worker-thread.js';
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

  return settleWorker<ExtractedDocument>(
    worker,
    {
      reply: (message) => {
        const reply = message as WorkerReply;
        if (reply.ok) return reply.document;
        const code = isExtractionErrorCode(reply.code) ? reply.code : 'corrupt';
        return new ExtractionError(code, { cause: reply.detail });
      },
      failed: (error) =>
        new ExtractionError(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'tooComplex' : 'corrupt', {
          cause: error,
        }),
      timedOut: () => new ExtractionError('timeout'),
      stopped: () => new ExtractionError('timeout'),
    },
    { timeoutMs },
  );
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
