import type { ChildProcess } from 'node:child_process';
import { PLANS } from '@vuxo/shared/plans';
import { WIZARD_MSG } from '@vuxo/shared/messages';
import { settleChild, startLimitedChild } from '../child-process.js';
import { ExtractionError, isExtractionErrorCode, NeedsOcrError, type ExtractionErrorCode } from './errors.js';
import { checkDocumentSize, OCR_PAGE_TIMEOUT_MS } from './limits.js';
import type { ExtractProgress, ExtractReply, ExtractRequest } from './extract-child.js';
import type { ExtractedDocument, ExtractOptions } from './types.js';

export const EXTRACT_TIMEOUT_MS = 20_000;
/**
 * The extraction process's memory: a 500-page PDF dense with text peaks near 500 MB resident; a PDF whose content
 * inflates without end past the stream check (spread over many streams) reaches the limit in seconds and is refused
 * as too complex.
 */
export const EXTRACT_MEMORY_LIMITS = { memoryMb: 640, heapMb: 384 };
/**
 * A document with pages to OCR is read again in a process with this limit, after a first one at
 * EXTRACT_MEMORY_LIMITS found them (so a PDF bomb never gets it). With OCR the process also maps Tesseract's WebAssembly memory and worker thread, and a rendered page: a 4-page
 * 300 dpi scan failed to allocate at 640 MiB and 1.5 GiB of data (address space, not resident), and read at
 * 2 GiB (decision 066).
 */
export const EXTRACT_MEMORY_LIMITS_OCR = { memoryMb: 2048, heapMb: 384, isolates: 2 };

let live = 0;
/** Extraction processes started and not yet gone (for tests and diagnostics). */
export function liveExtractions(): number {
  return live;
}

/**
 * Extracts the text of an uploaded document (PDF, DOCX, DOC or plain text, recognised by its bytes).
 * The parsing runs in a child process whose memory the operating system limits and which is killed when
 * `timeoutMs` runs out, so a hostile file can neither hang the server nor take its memory, and whatever the
 * parser allocated goes back to the system with the process. Throws `ExtractionError` for every refusal.
 */
export async function extractDocument(
  bytes: Uint8Array,
  options: ExtractOptions = {},
): Promise<ExtractedDocument> {
  checkDocumentSize(bytes);
  const ocrMaxPages = options.ocrMaxPages ?? PLANS.trial.ocrMaxPages;
  const timeoutMs = options.timeoutMs ?? EXTRACT_TIMEOUT_MS + ocrMaxPages * OCR_PAGE_TIMEOUT_MS;
  const refusal = (code: ExtractionErrorCode, cause?: unknown) =>
    new ExtractionError(code, {
      cause,
      ...(code === 'tooManyScannedPages' && { message: WIZARD_MSG.scannedPagesOver(ocrMaxPages) }),
    });
  const first = startLimitedChild(import.meta.url, 'extract-child', EXTRACT_MEMORY_LIMITS);
  if (!first) return extractWithoutChild(bytes, { ...options, ocrMaxPages }, timeoutMs, refusal);
  const started = Date.now();
  let scanPages: number[];
  try {
    return await inChild(first, { bytes, ocrMaxPages, ocrStage: false }, options, timeoutMs, refusal);
  } catch (error) {
    if (!(error instanceof NeedsOcrError)) throw error;
    scanPages = error.scanPages;
  }
  // Pages to read by OCR, within the cap: read again in a process with room for the OCR engine, which reads the
  // pages the first one found instead of looking for them again (finding a scan decodes its image).
  const second = startLimitedChild(import.meta.url, 'extract-child', EXTRACT_MEMORY_LIMITS_OCR);
  if (!second) throw new ExtractionError('corrupt');
  const left = Math.max(1, timeoutMs - (Date.now() - started));
  return inChild(second, { bytes, ocrMaxPages, ocrStage: true, scanPages }, options, left, refusal);
}

function inChild(
  child: ChildProcess,
  request: ExtractRequest,
  options: ExtractOptions,
  timeoutMs: number,
  refusal: (code: ExtractionErrorCode, cause?: unknown) => ExtractionError,
): Promise<ExtractedDocument> {
  live += 1;
  const stop = () => child.kill('SIGKILL');
  options.signal?.addEventListener('abort', stop, { once: true });
  if (options.signal?.aborted) stop();
  child.once('close', () => {
    live -= 1;
    options.signal?.removeEventListener('abort', stop);
  });
  return settleChild<ExtractedDocument>(
    child,
    request,
    {
      reply: (message) => {
        const reply = message as ExtractReply;
        if (reply.ok) return reply.document;
        if (reply.code === 'needsOcr') return new NeedsOcrError(reply.scanPages ?? []);
        return refusal(isExtractionErrorCode(reply.code) ? reply.code : 'corrupt', reply.detail);
      },
      update: (message) => {
        const progress = (message as Partial<ExtractProgress>).progress;
        if (progress) options.onProgress?.(progress.done, progress.total);
        return progress !== undefined;
      },
      // Killed by a signal without replying: it ran out of memory (V8 aborts, an allocation fails).
      failed: (error) =>
        new ExtractionError(error.code === 'CHILD_KILLED' ? 'tooComplex' : 'corrupt', { cause: error }),
      timedOut: () => new ExtractionError('timeout'),
    },
    { timeoutMs },
  );
}

/** Last resort without a child process: the time limit still answers the caller, but cannot stop the parsing. */
async function extractWithoutChild(
  bytes: Uint8Array,
  options: ExtractOptions,
  timeoutMs: number,
  refusal: (code: ExtractionErrorCode) => ExtractionError,
): Promise<ExtractedDocument> {
  const { extractInThisThread } = await import('./extract-core.js');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new ExtractionError('timeout')), timeoutMs);
  });
  try {
    const core = { ocrMaxPages: options.ocrMaxPages, onOcrPage: options.onProgress };
    return await Promise.race([extractInThisThread(bytes, core), timeout]);
  } catch (error) {
    throw error instanceof ExtractionError ? refusal(error.code) : error;
  } finally {
    clearTimeout(timer);
  }
}
