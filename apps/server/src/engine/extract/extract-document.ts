import { settleChild, startLimitedChild } from '../child-process.js';
import { ExtractionError, isExtractionErrorCode } from './errors.js';
import { checkDocumentSize } from './limits.js';
import type { ExtractReply, ExtractRequest } from './extract-child.js';
import type { ExtractedDocument, ExtractOptions } from './types.js';

export const EXTRACT_TIMEOUT_MS = 20_000;
/**
 * The extraction process's memory: a 500-page PDF dense with text peaks near 500 MB resident; a PDF whose content
 * stream inflates without end reaches the limit in seconds and is refused as too complex.
 */
export const EXTRACT_MEMORY_LIMITS = { memoryMb: 640, heapMb: 384 };

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
  const timeoutMs = options.timeoutMs ?? EXTRACT_TIMEOUT_MS;
  const child = startLimitedChild(import.meta.url, 'extract-child', EXTRACT_MEMORY_LIMITS);
  if (!child) return extractWithoutChild(bytes, timeoutMs);
  live += 1;
  child.once('close', () => (live -= 1));

  const request: ExtractRequest = { bytes };
  return settleChild<ExtractedDocument>(
    child,
    request,
    {
      reply: (message) => {
        const reply = message as ExtractReply;
        if (reply.ok) return reply.document;
        const code = isExtractionErrorCode(reply.code) ? reply.code : 'corrupt';
        return new ExtractionError(code, { cause: reply.detail });
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
async function extractWithoutChild(bytes: Uint8Array, timeoutMs: number): Promise<ExtractedDocument> {
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
