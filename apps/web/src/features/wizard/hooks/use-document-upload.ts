import { useCallback, useEffect, useRef, useState } from 'react';
import { WIZARD_MSG } from '@vuxo/shared/messages';
import { useAuth } from '../../auth';
import { extractDocument } from '../api/extract-document';
import { validateDocumentFile } from '../state/validation';
import type { WizardDispatch } from './use-bot-creation';

export interface UploadProgress {
  fileName: string;
  /** 0 to 100: the bytes sent; at 100 the server is reading the document. */
  percent: number;
}

/**
 * Step 0's upload: checks the chosen file, sends it with the session id (and the user's token when
 * signed in), and reports real upload progress. Leaving the page cancels a running upload.
 */
export function useDocumentUpload(sessionId: string | null, dispatch: WizardDispatch, maxBytes: number) {
  const { user, getIdToken } = useAuth();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const upload = useCallback(
    async (file: File | null | undefined) => {
      if (controller.current) return;
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
      setProgress({ fileName: file.name, percent: 0 });
      try {
        const token = user?.emailVerified ? await getIdToken(false).catch(() => null) : null;
        const result = await extractDocument({
          file,
          sessionId,
          token,
          signal: abort.signal,
          onProgress: (percent) => setProgress({ fileName: file.name, percent }),
        });
        dispatch({
          type: 'documentUploaded',
          document: { name: file.name, size: file.size, pageCount: result.pageCount },
          extractedText: result.text,
          filePath: result.filePath,
        });
      } catch (error) {
        if (!abort.signal.aborted)
          dispatch({ type: 'setError', field: 'document', message: (error as Error).message });
      } finally {
        if (controller.current === abort) controller.current = null;
        if (!abort.signal.aborted) setProgress(null);
      }
    },
    [sessionId, dispatch, user, getIdToken, maxBytes],
  );

  return { upload, progress, uploading: progress !== null };
}
