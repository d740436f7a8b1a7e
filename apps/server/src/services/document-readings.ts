import { randomUUID } from 'node:crypto';
import { WIZARD_MSG, type DocumentReading, type ExtractReply, type ExtractResponse } from '@vuxo/shared';
import type { FileStore } from '../adapters/files/file-store.js';
import { OCR_PAGE_TIMEOUT_MS } from '../engine/extract/limits.js';
import { AppError } from '../errors.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { JobHandler } from '../jobs/worker.js';
import type { ExtractDocument, WizardSessionsService } from './wizard-sessions.js';

/** A reading unchanged for this long was stopped with its process (a page takes seconds, at most its timeout). */
export const READING_STALE_MS = 2 * OCR_PAGE_TIMEOUT_MS + 10_000;
/**
 * A reading unchanged for this long is told as failed: its process stopped and no process took it up again (the
 * job that would has run out of attempts, or the upload could not be kept for it).
 */
export const READING_LOST_MS = 4 * READING_STALE_MS;

/** The job that watches a background reading and reads the upload again if its process stopped. */
export const DOCUMENT_READING_JOB = 'document.reading';

/** What the job needs to read the upload again: the request's facts, and where its bytes were kept. */
export interface ReadingJob {
  clientAddress: string;
  sessionId: string;
  userId: string | null;
  originalName: string;
  ocrMaxPages: number;
  storedPath: string;
}

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
  files,
  jobs,
}: {
  wizard: WizardSessionsService;
  extract: ExtractDocument;
  files: FileStore;
  jobs: Pick<JobQueue, 'enqueue'>;
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

  function inBackground(
    upload: DocumentUpload,
    work: Promise<ExtractResponse>,
    abort: AbortController,
    storedPath: string,
  ) {
    const fileName = upload.originalName;
    running.set(upload.sessionId, abort);
    work
      .then((document) => wizard.updateReading(upload.sessionId, { status: 'ready', fileName, document }))
      .catch((error: unknown) =>
        wizard.updateReading(
          upload.sessionId,
          abort.signal.aborted ? { status: 'cancelled', fileName } : failedReading(fileName, error),
        ),
      )
      // Ended here: the kept upload is not needed (the job finds the reading ended and is done).
      .then(() => files.remove(storedPath))
      .catch(() => {})
      .finally(() => {
        if (running.get(upload.sessionId) === abort) running.delete(upload.sessionId);
      });
  }

  /** Records each page's progress; a reading no longer under way (cancelled, maybe elsewhere) is stopped. */
  const progressTo =
    (sessionId: string, fileName: string, abort: AbortController) => (done: number, total: number) =>
      void wizard.updateReading(sessionId, { status: 'reading', fileName, done, total }).then(
        (updated) => updated || abort.abort(),
        () => {},
      );

  /**
   * The session's reading, as the wizard polls it. A reading whose process stopped is read again by its job
   * (resumeHandler) and is told as under way meanwhile; one nobody took up again is told as failed.
   */
  async function progress(sessionId: string, userId: string | null): Promise<DocumentReading | null> {
    const found = await wizard.reading(sessionId, userId);
    if (!found) return null;
    const lost = Date.now() - Date.parse(found.at) > READING_LOST_MS;
    if (found.reading.status === 'reading' && lost && !running.has(sessionId))
      return { status: 'failed', fileName: found.reading.fileName, error: WIZARD_MSG.readingStopped };
    return found.reading;
  }

  /** Keeps the upload's bytes and schedules the job that reads them again if this process stops. */
  async function keepForResume(upload: DocumentUpload) {
    const storedPath = await files.save('readings', `${randomUUID()}.bin`, upload.bytes);
    const { bytes: _bytes, ...facts } = upload;
    await watchLater({ ...facts, storedPath });
    return storedPath;
  }

  /** The job runs when the reading should have changed again. */
  const watchLater = (job: ReadingJob) =>
    jobs.enqueue(DOCUMENT_READING_JOB, job, { runAfter: new Date(Date.now() + READING_STALE_MS) });

  /** A reading that failed: an AppError's message is the owner's to see, anything else is told as stopped. */
  function failedReading(fileName: string, error: unknown): DocumentReading {
    return {
      status: 'failed',
      fileName,
      error: error instanceof AppError ? error.message : WIZARD_MSG.readingStopped,
    };
  }

  /**
   * The job of a background reading, run once its reading should have changed: done when the reading ended;
   * scheduled again while another process still reads it; otherwise (its process stopped) it reads the kept
   * upload here, telling the pages as the first reading did. A failure of the machine, not of the document, is
   * tried again; the last try tells the reading as failed.
   */
  const resumeHandler: JobHandler<ReadingJob> = {
    async run(job, ctx) {
      const found = await wizard.reading(job.sessionId, job.userId);
      if (!found || found.reading.status !== 'reading') return files.remove(job.storedPath);
      const fresh = Date.now() - Date.parse(found.at) <= READING_STALE_MS;
      if (fresh || running.has(job.sessionId)) {
        await watchLater(job);
        return;
      }
      const bytes = await files.read(job.storedPath);
      const abort = new AbortController();
      ctx.signal.addEventListener('abort', () => abort.abort(), { once: true });
      running.set(job.sessionId, abort);
      try {
        const extracted = await extract({ address: job.clientAddress, userId: job.userId }, bytes, {
          ocrMaxPages: job.ocrMaxPages,
          onProgress: progressTo(job.sessionId, job.originalName, abort),
          signal: abort.signal,
        });
        const document = await store({ ...job, bytes }, extracted);
        await wizard.updateReading(job.sessionId, { status: 'ready', fileName: job.originalName, document });
      } catch (error) {
        // Lost to another worker, or stopping: the next try reads it. Cancelled: cancel() has told it.
        if (ctx.signal.aborted) throw error;
        if (!abort.signal.aborted && !(error instanceof AppError)) throw error;
        if (!abort.signal.aborted)
          await wizard.updateReading(job.sessionId, failedReading(job.originalName, error));
      } finally {
        if (running.get(job.sessionId) === abort) running.delete(job.sessionId);
      }
      await files.remove(job.storedPath);
    },
    async onGiveUp(job) {
      await wizard.updateReading(job.sessionId, failedReading(job.originalName, null));
      await files.remove(job.storedPath);
    },
  };

  return {
    progress,
    resumeHandler,
    /** The upload read (200), or its reading under way once OCR of more than one page begins (202). */
    async read(upload: DocumentUpload): Promise<{ status: 200 | 202; reply: ExtractReply }> {
      const abort = new AbortController();
      let begin: (progress: Progress) => void = () => {};
      const ocrBegins = new Promise<Progress>((resolve) => (begin = resolve));
      let background = false;
      const tell = progressTo(upload.sessionId, upload.originalName, abort);
      const onProgress = (done: number, total: number) => {
        // One page (a photo) is read within the request, in seconds, as before; a longer scan goes on alone.
        if (total > 1) begin({ done, total });
        if (background) tell(done, total);
      };
      const extraction = (async () => {
        const caller = { address: upload.clientAddress, userId: upload.userId };
        const extracted = await extract(caller, upload.bytes, {
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
      const stop = () => {
        abort.abort();
        extraction.catch(() => {});
      };
      try {
        await wizard.startReading({ sessionId: upload.sessionId, userId: upload.userId, reading: started });
      } catch (error) {
        stop();
        throw error;
      }
      let storedPath: string;
      try {
        storedPath = await keepForResume(upload);
      } catch (error) {
        stop();
        await wizard
          .updateReading(upload.sessionId, failedReading(upload.originalName, error))
          .catch(() => {});
        throw error;
      }
      background = true;
      inBackground(upload, extraction, abort, storedPath);
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
