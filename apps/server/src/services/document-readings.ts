import { WIZARD_MSG, type DocumentReading, type ExtractReply, type ExtractResponse } from '@vuxo/shared';
import { OCR_PAGE_TIMEOUT_MS } from '../engine/extract/limits.js';
import { AppError } from '../errors.js';
import type { ExtractDocument, WizardSessionsService } from './wizard-sessions.js';

/** A reading unchanged for this long was stopped with its process (a page takes seconds, at most its timeout). */
export const READING_STALE_MS = 2 * OCR_PAGE_TIMEOUT_MS + 10_000;

export interface DocumentUpload {
  clientAddress: string;
  sessionId: string;
  userId: string | null;
  originalName: string;
  bytes: Uint8Array;
  ocrMaxPages: number;
}

type Progress = { done: number; total: number };

/**
 * The wizard's uploads, read in the extraction process (decision 073): a document with nothing to OCR, or one
 * page (a photo), is answered when read; one with more pages to OCR is answered as soon as OCR begins, and the reading
 * goes on here without the browser, its progress and outcome kept with the wizard session for any process to
 * answer. Cancelling kills the extraction process (here, or at its next page when asked of another process).
 */
export function documentReadingsService({
  wizard,
  extract,
}: {
  wizard: WizardSessionsService;
  extract: ExtractDocument;
}) {
  /** This process's readings, by session: cancelling one stops it at once. */
  const running = new Map<string, AbortController>();

  async function store(upload: DocumentUpload, extracted: Awaited<ReturnType<ExtractDocument>>) {
    const stored = await wizard.storeDocument({
      sessionId: upload.sessionId,
      userId: upload.userId,
      originalName: upload.originalName,
      bytes: upload.bytes,
      extracted,
    });
    const reply: ExtractResponse = {
      text: stored.preview,
      filePath: stored.filePath,
      pageCount: stored.pageCount,
      ocr: extracted.ocr,
    };
    return reply;
  }

  function inBackground(upload: DocumentUpload, work: Promise<ExtractResponse>, abort: AbortController) {
    const fileName = upload.originalName;
    running.set(upload.sessionId, abort);
    work
      .then((document) => wizard.updateReading(upload.sessionId, { status: 'ready', fileName, document }))
      .catch((error: unknown) =>
        wizard.updateReading(
          upload.sessionId,
          abort.signal.aborted
            ? { status: 'cancelled', fileName }
            : {
                status: 'failed',
                fileName,
                error: error instanceof AppError ? error.message : WIZARD_MSG.readingStopped,
              },
        ),
      )
      .catch(() => {})
      .finally(() => {
        if (running.get(upload.sessionId) === abort) running.delete(upload.sessionId);
      });
  }

  /** The session's reading, as the wizard polls it; a reading whose process stopped is told as failed. */
  async function progress(sessionId: string, userId: string | null): Promise<DocumentReading | null> {
    const found = await wizard.reading(sessionId, userId);
    if (!found) return null;
    const stale = Date.now() - Date.parse(found.at) > READING_STALE_MS;
    if (found.reading.status === 'reading' && stale && !running.has(sessionId))
      return { status: 'failed', fileName: found.reading.fileName, error: WIZARD_MSG.readingStopped };
    return found.reading;
  }

  return {
    progress,
    /** The upload read (200), or its reading under way once OCR of more than one page begins (202). */
    async read(upload: DocumentUpload): Promise<{ status: 200 | 202; reply: ExtractReply }> {
      const abort = new AbortController();
      let begin: (progress: Progress) => void = () => {};
      const ocrBegins = new Promise<Progress>((resolve) => (begin = resolve));
      let background = false;
      const onProgress = (done: number, total: number) => {
        // One page (a photo) is read within the request, in seconds, as before; a longer scan goes on alone.
        if (total > 1) begin({ done, total });
        if (!background) return;
        const reading = { status: 'reading' as const, fileName: upload.originalName, done, total };
        // Not reading any more: cancelled, maybe by another process.
        void wizard.updateReading(upload.sessionId, reading).then(
          (updated) => updated || abort.abort(),
          () => {},
        );
      };
      const extraction = (async () => {
        const extracted = await extract(upload.clientAddress, upload.bytes, {
          ocrMaxPages: upload.ocrMaxPages,
          onProgress,
          signal: abort.signal,
        });
        return store(upload, extracted);
      })();
      const first = await Promise.race([
        extraction.then((document) => ({ document })),
        ocrBegins.then((progress) => ({ progress })),
      ]);
      if ('document' in first) return { status: 200, reply: first.document };
      const started: DocumentReading = {
        status: 'reading',
        fileName: upload.originalName,
        ...first.progress,
      };
      try {
        await wizard.startReading({ sessionId: upload.sessionId, userId: upload.userId, reading: started });
      } catch (error) {
        abort.abort();
        extraction.catch(() => {});
        throw error;
      }
      background = true;
      inBackground(upload, extraction, abort);
      return { status: 202, reply: { reading: started } };
    },

    /** Stops the session's reading; the reading as it now stands. */
    async cancel(sessionId: string, userId: string | null): Promise<DocumentReading> {
      const found = await wizard.reading(sessionId, userId);
      if (!found) throw new AppError('notFound', WIZARD_MSG.readingNone);
      if (found.reading.status !== 'reading') return found.reading;
      const cancelled: DocumentReading = { status: 'cancelled', fileName: found.reading.fileName };
      // Finished meanwhile: the outcome stands.
      if (!(await wizard.updateReading(sessionId, cancelled)))
        return (await progress(sessionId, userId)) ?? cancelled;
      running.get(sessionId)?.abort();
      return cancelled;
    },
  };
}
export type DocumentReadingsService = ReturnType<typeof documentReadingsService>;
