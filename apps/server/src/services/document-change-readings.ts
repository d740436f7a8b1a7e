import { randomUUID } from 'node:crypto';
import { WIZARD_MSG } from '@vuxo/shared';
import type { FileStore } from '../adapters/files/file-store.js';
import { AppError } from '../errors.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { JobHandler } from '../jobs/worker.js';
import type { BotDocumentsService, DocumentChange } from './bot-documents.js';
import { READING_STALE_MS } from './document-readings.js';
import type { ExtractDocument } from './wizard-sessions.js';

/** The job that watches a document change's reading and reads the upload again if its process stopped. */
export const DOCUMENT_CHANGE_READING_JOB = 'document.change-reading';

/** A running reading tells the database it goes on at least this often, between pages too (a long text PDF). */
const TOUCH_EVERY_MS = READING_STALE_MS / 3;

/** The owner's upload of a replaced or added document, as the route read it. */
export interface ChangeUpload {
  clientAddress: string;
  userId: string;
  change: DocumentChange;
  originalName: string;
  bytes: Uint8Array;
  ocrMaxPages: number;
}

/** What the job needs to read the upload again: the request's facts, the reading's row, where its bytes are kept. */
export interface ChangeReadingJob {
  clientAddress: string;
  userId: string;
  botId: string;
  /** The document replaced; absent for an added one. */
  replaces?: string;
  documentId: string;
  originalName: string;
  ocrMaxPages: number;
  storedPath: string;
}

/**
 * Replace and add read the owner's upload in the background (decision 084), as the wizard reads a scan (decisions
 * 073, 079): the request checks the change, keeps the upload's bytes, records the document as `reading` with the
 * job that watches it, and answers at once; the reading goes on in this process, telling its pages on the row. When
 * read, the document waits for the rebuild as before (decision 065); when refused, the row is dropped and the owner
 * reads the refusal's own message. A reading whose process stopped is read again by its job, elsewhere or here.
 */
export function documentChangeReadings({
  documents,
  extract,
  files,
  jobs,
}: {
  documents: BotDocumentsService;
  extract: ExtractDocument;
  files: FileStore;
  jobs: Pick<JobQueue, 'enqueue'>;
}) {
  /** This process's readings, by document: a superseded one is stopped at its next page. */
  const running = new Map<string, AbortController>();

  /** The job runs when the reading should have changed again. */
  const watchLater = (job: ChangeReadingJob, options?: Parameters<typeof jobs.enqueue>[2]) =>
    jobs.enqueue(DOCUMENT_CHANGE_READING_JOB, job, {
      ...options,
      runAfter: new Date(Date.now() + READING_STALE_MS),
    });

  const changeOf = (job: ChangeReadingJob): DocumentChange => ({
    botId: job.botId,
    documentId: job.replaces,
  });

  /**
   * Reads the kept upload and ends the reading: the document stored for the rebuild, or the refusal told. Pages are
   * told as they are read, and the row is touched meanwhile; a reading superseded (its row gone) is stopped.
   */
  async function readNow(job: ChangeReadingJob, bytes: Uint8Array, abort: AbortController) {
    const fileName = job.originalName;
    const alive = (told: boolean) => {
      if (!told) abort.abort();
    };
    let last = { done: 0, total: 0 };
    const touch = setInterval(
      () => void documents.updateReading(job.documentId, { fileName, ...last }).then(alive, () => {}),
      TOUCH_EVERY_MS,
    );
    running.set(job.documentId, abort);
    try {
      const extracted = await extract({ address: job.clientAddress, userId: job.userId }, bytes, {
        ocrMaxPages: job.ocrMaxPages,
        onProgress: (done, total) => {
          last = { done, total };
          void documents.updateReading(job.documentId, { fileName, done, total }).then(alive, () => {});
        },
        signal: abort.signal,
      });
      abort.signal.throwIfAborted();
      await documents.finishReading(job.userId, changeOf(job), job.documentId, {
        originalName: fileName,
        bytes,
        extracted,
      });
    } finally {
      clearInterval(touch);
      if (running.get(job.documentId) === abort) running.delete(job.documentId);
    }
  }

  /** A reading that failed: an AppError's message is the owner's to see, anything else is told as stopped. */
  const fail = (job: ChangeReadingJob, error: unknown) =>
    documents.failReading(
      job.botId,
      job.documentId,
      error instanceof AppError ? error.message : WIZARD_MSG.readingStopped,
    );

  /**
   * The job of a reading, run once it should have changed: done when the reading ended; scheduled again while a
   * process still reads it; otherwise (its process stopped) it reads the kept upload here. A failure of the machine,
   * not of the document, is tried again; the last try tells the reading as failed.
   */
  const resumeHandler: JobHandler<ChangeReadingJob> = {
    async run(job, ctx) {
      const found = await documents.reading(job.documentId);
      if (!found) return files.remove(job.storedPath);
      const fresh = Date.now() - Date.parse(found.at) <= READING_STALE_MS;
      if (fresh || running.has(job.documentId)) {
        await watchLater(job);
        return;
      }
      const bytes = await files.read(job.storedPath);
      const abort = new AbortController();
      ctx.signal.addEventListener('abort', () => abort.abort(), { once: true });
      try {
        await readNow(job, bytes, abort);
      } catch (error) {
        // Lost to another worker, or stopping: the next try reads it. Superseded: nothing to tell.
        if (ctx.signal.aborted) throw error;
        if (!abort.signal.aborted && !(error instanceof AppError)) throw error;
        if (!abort.signal.aborted) await fail(job, error);
      }
      await files.remove(job.storedPath);
    },
    async onGiveUp(job) {
      await fail(job, null);
      await files.remove(job.storedPath);
    },
  };

  return {
    resumeHandler,

    /**
     * Records the change as a document being read (refused as before when the bot or the plan does not allow it)
     * and reads it in the background; answers with its id at once.
     */
    async start(upload: ChangeUpload): Promise<{ id: string }> {
      const storedPath = await files.save('readings', `${randomUUID()}.bin`, upload.bytes);
      let job: ChangeReadingJob | undefined;
      try {
        await documents.beginReading(upload.userId, upload.change, upload.originalName, (trx, documentId) => {
          job = {
            clientAddress: upload.clientAddress,
            userId: upload.userId,
            botId: upload.change.botId,
            ...(upload.change.documentId !== undefined ? { replaces: upload.change.documentId } : {}),
            documentId,
            originalName: upload.originalName,
            ocrMaxPages: upload.ocrMaxPages,
            storedPath,
          };
          return watchLater(job, { trx });
        });
      } catch (error) {
        await files.remove(storedPath);
        throw error;
      }
      const begun = job!;
      const abort = new AbortController();
      readNow(begun, upload.bytes, abort)
        .then(
          () => true,
          async (error: unknown) => {
            if (abort.signal.aborted) return true;
            if (!(error instanceof AppError)) return false;
            await fail(begun, error);
            return true;
          },
        )
        // Ended here (read, refused or superseded): the kept upload is not needed, and the job finds the reading
        // ended. A failure of the machine (the database, say) leaves both to the job, which reads it again.
        .then((ended) => (ended ? files.remove(storedPath) : undefined))
        .catch(() => {});
      return { id: begun.documentId };
    },
  };
}
export type DocumentChangeReadings = ReturnType<typeof documentChangeReadings>;
