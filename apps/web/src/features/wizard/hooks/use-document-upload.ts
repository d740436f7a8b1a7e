import { useCallback, useEffect, useRef, useState } from 'react';
import { WIZARD_MSG } from '@vuxo/shared/messages';
import type { DocumentReading, ExtractResponse } from '@vuxo/shared/schemas';
import { useAuth } from '../../auth';
import { READING_POLL_MS } from '../../../ui-tuning';
import { cancelDocumentReading, getDocumentReading } from '../api/document-reading';
import { extractDocument } from '../api/extract-document';
import { saveDocumentText } from '../api/save-document-text';
import { validateDocumentFile } from '../state/validation';
import type { WizardDispatch } from './use-bot-creation';

export interface UploadProgress {
  fileName: string;
  /** 0 to 100: the bytes sent; at 100 the server is reading the document. */
  percent: number;
}

/** A scanned document being read by OCR on the server: pages read of pages to read. */
export type ReadingProgress = Extract<DocumentReading, { status: 'reading' }>;

/**
 * Step 0's upload: checks the chosen file, sends it with the session id (and the user's token when
 * signed in), and reports real upload progress. Leaving the page cancels a running upload; a scan already
 * being read goes on on the server, and the wizard picks it up again when it comes back (decision 073).
 */
export function useDocumentUpload(sessionId: string | null, dispatch: WizardDispatch, maxBytes: number) {
  const { user, getIdToken } = useAuth();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [reading, setReading] = useState<ReadingProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const mounted = useRef(true);
  const fileSize = useRef(0);
  const following = useRef(false);

  const tokenNow = useCallback(
    async () => (user?.emailVerified ? await getIdToken(false).catch(() => null) : null),
    [user, getIdToken],
  );

  const uploaded = useCallback(
    (name: string, document: ExtractResponse) =>
      dispatch({
        type: 'documentUploaded',
        document: { name, size: fileSize.current, pageCount: document.pageCount, ocr: document.ocr },
        extractedText: document.text,
        filePath: document.filePath,
      }),
    [dispatch],
  );

  /** Asks how the reading goes until it ends (or the wizard is left: it goes on without us). */
  const follow = useCallback(
    async (id: string, first: DocumentReading) => {
      let now: DocumentReading | null = first;
      following.current = true;
      while (mounted.current && now?.status === 'reading') {
        setReading(now);
        await new Promise((resolve) => setTimeout(resolve, READING_POLL_MS));
        if (!mounted.current) break;
        now = await getDocumentReading(id, await tokenNow()).catch(() => now);
      }
      following.current = false;
      if (!mounted.current) return;
      setReading(null);
      if (now?.status === 'ready') uploaded(now.fileName, now.document);
      else if (now?.status === 'failed')
        dispatch({ type: 'setError', field: 'document', message: now.error });
      else if (now?.status === 'cancelled')
        dispatch({ type: 'setError', field: 'document', message: WIZARD_MSG.readingCancelled });
    },
    [tokenNow, uploaded, dispatch],
  );

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      controller.current?.abort();
    };
  }, []);

  // Back in the wizard after its scan began to be read: show where the reading stands, or what it read. Asked
  // again once the signed-in user is known (their session is not an anonymous caller's).
  const userId = user?.uid ?? null;
  useEffect(() => {
    if (!sessionId) return;
    void (async () => {
      const found = await getDocumentReading(sessionId, await tokenNow()).catch(() => null);
      if (!mounted.current || controller.current || following.current) return;
      if (found?.status === 'reading') await follow(sessionId, found);
      else if (found?.status === 'ready') uploaded(found.fileName, found.document);
    })();
    // Once per session and user: a new upload follows its own reading.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionId, userId]);

  const upload = useCallback(
    async (file: File | null | undefined) => {
      if (controller.current || reading) return;
      const invalid = validateDocumentFile(file, maxBytes);
      if (invalid || !file) {
        dispatch({ type: 'setError', field: 'document', message: invalid });
        return;
      }
      if (!sessionId) {
        dispatch({ type: 'setError', field: 'document', message: WIZARD_MSG.sessionUnavailable });
        return;
      }
      dispatch({ type: 'setError', field: 'document', message: null });
      const abort = new AbortController();
      controller.current = abort;
      fileSize.current = file.size;
      setProgress({ fileName: file.name, percent: 0 });
      let result;
      try {
        const token = await tokenNow();
        result = await extractDocument({
          file,
          sessionId,
          token,
          signal: abort.signal,
          onProgress: (percent) => setProgress({ fileName: file.name, percent }),
        });
      } catch (error) {
        if (!abort.signal.aborted)
          dispatch({ type: 'setError', field: 'document', message: (error as Error).message });
      } finally {
        if (controller.current === abort) controller.current = null;
        if (!abort.signal.aborted) setProgress(null);
      }
      if (!result) return;
      if ('reading' in result) await follow(sessionId, result.reading);
      else uploaded(file.name, result);
    },
    [sessionId, dispatch, maxBytes, reading, tokenNow, follow, uploaded],
  );

  /** Stops the reading of a scanned document; the poll then ends with it. */
  const cancelReading = useCallback(async () => {
    if (!sessionId) return;
    await cancelDocumentReading(sessionId, await tokenNow()).catch((error: Error) =>
      dispatch({ type: 'setError', field: 'document', message: error.message }),
    );
  }, [sessionId, tokenNow, dispatch]);

  /** Saves the owner's fix of the uploaded document's text; throws with the message to show. */
  const saveText = useCallback(
    async (filePath: string, text: string) => {
      if (!sessionId) throw new Error(WIZARD_MSG.sessionUnavailable);
      const preview = await saveDocumentText({ sessionId, filePath, text, token: await tokenNow() });
      dispatch({ type: 'documentTextSaved', text, preview });
    },
    [sessionId, dispatch, tokenNow],
  );

  return {
    upload,
    saveText,
    cancelReading,
    progress,
    reading,
    uploading: progress !== null || reading !== null,
  };
}
