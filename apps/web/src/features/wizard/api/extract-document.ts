import { API } from '@vuxo/shared/api';
import { WIZARD_MSG } from '@vuxo/shared/messages';
import { readReply } from '@vuxo/shared/replies';
import { extractReplySchema, type ExtractReply } from '@vuxo/shared/schemas';
import { ApiError, errorMessage, errorOf, sendApi } from '../../../app/api-client';
import { CALL_TIMEOUT_MS } from '../../../ui-tuning';

export interface ExtractInput {
  file: File;
  sessionId: string;
  token: string | null;
  /** Upload progress, 0 to 100, from the browser's upload events. */
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/extract (wizard call 1): multipart `file` + `sessionId`, with real upload progress for the
 * progress bar. A document read by OCR answers with its reading under way (decision 073). Throws 'Failed to upload document: …' or 'Upload failed with status N'; a cancelled upload
 * throws an AbortError.
 */
export async function extractDocument(input: ExtractInput): Promise<ExtractReply> {
  const form = new FormData();
  form.append('sessionId', input.sessionId);
  form.append('file', input.file, input.file.name);
  let answer;
  try {
    answer = await sendApi(API.extract, {
      method: 'POST',
      body: form,
      token: input.token,
      timeoutMs: CALL_TIMEOUT_MS.extract,
      onUploadProgress: input.onProgress,
      ...(input.signal ? { signal: input.signal } : {}),
    });
  } catch (error) {
    if (error instanceof ApiError)
      throw new ApiError(WIZARD_MSG.documentUploadFailed(errorMessage(error)), 0, null, null, {
        cause: error,
      });
    throw error;
  }
  const failed = (message: string) => new ApiError(message, answer.status, null, answer.body);
  if (!answer.ok) {
    const message = errorOf(answer.body);
    throw failed(
      message
        ? WIZARD_MSG.documentUploadFailed(message)
        : WIZARD_MSG.documentUploadFailedStatus(answer.status),
    );
  }
  const reply = readReply(extractReplySchema, answer.body);
  if (!reply) throw failed(WIZARD_MSG.documentUploadFailedStatus(answer.status));
  return reply;
}
