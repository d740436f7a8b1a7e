/** Child-process entry (see child-process.ts): extracts the document of the one message it gets, replies, exits. */
import type { ExtractionErrorCode } from './errors.js';
import { ExtractionError, NeedsOcrError } from './errors.js';
import { extractInThisThread } from './extract-core.js';
import type { ExtractedDocument } from './types.js';

export interface ExtractRequest {
  bytes: Uint8Array;
  ocrMaxPages: number;
  /** False in the first, smaller process: OCR work is refused with 'needsOcr', after the page cap is checked. */
  ocrStage: boolean;
  /** In the second process: the scanned pages the first one found. */
  scanPages?: number[];
}

export type ExtractReply =
  | { ok: true; document: ExtractedDocument }
  | { ok: false; code: ExtractionErrorCode; detail: string; scanPages?: number[] };

/** Sent before each page OCR reads, ahead of the reply. */
export interface ExtractProgress {
  progress: { done: number; total: number };
}

async function run(request: ExtractRequest): Promise<ExtractReply> {
  try {
    const onOcrPage = (done: number, total: number) => process.send?.({ progress: { done, total } });
    return {
      ok: true,
      document: await extractInThisThread(request.bytes, {
        ocrMaxPages: request.ocrMaxPages,
        ocrStage: request.ocrStage,
        ...(request.scanPages && { scanPages: request.scanPages }),
        onOcrPage,
      }),
    };
  } catch (error) {
    // Anything a parser throws that is not one of our refusals means it could not read the file.
    const code = error instanceof ExtractionError ? error.code : 'corrupt';
    const scanPages = error instanceof NeedsOcrError ? { scanPages: error.scanPages } : {};
    return { ok: false, code, detail: describe(error), ...scanPages };
  }
}

/** The error and its causes as text (the server keeps it as the ExtractionError's cause, for logs). */
function describe(error: unknown): string {
  const lines: string[] = [];
  for (let current = error, depth = 0; current !== undefined && depth < 4; depth++) {
    lines.push(
      current instanceof Error ? `${current.name}: ${current.message}${frames(current)}` : String(current),
    );
    current = current instanceof Error ? current.cause : undefined;
  }
  return lines.join('\nCaused by: ');
}

/** The "at …" lines of a stack (pdf.js exceptions have stacks that do not start with their name). */
function frames(error: Error): string {
  const lines = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return lines.length > 0 ? `\n${lines.join('\n')}` : '';
}

process.once('message', (request: ExtractRequest) => {
  void run(request).then((reply) => process.send?.(reply, () => process.exit(0)));
});
