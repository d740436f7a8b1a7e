import { API, CALL_TIMEOUT_MS, WIZARD_MSG, extractResponseSchema, type ExtractResponse } from '@vuxo/shared';
import { NETWORK_MESSAGE, TIMEOUT_MESSAGE, bearer } from './call-api';

export interface ExtractInput {
  file: File;
  sessionId: string;
  token: string | null;
  /** Upload progress, 0 to 100, from the browser's upload events. */
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}

export const UPLOAD_CANCELLED = 'Upload cancelled.';

/**
 * POST /api/extract (specification, section 7, wizard call 1): multipart `file` + `sessionId`, sent
 * with XMLHttpRequest so the progress bar shows real upload progress. Throws
 * 'Failed to upload document: …' or 'Upload failed with status N'.
 */
export function extractDocument(input: ExtractInput): Promise<ExtractResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const fail = (message: string) => reject(new Error(WIZARD_MSG.documentUploadFailed(message)));
    xhr.open('POST', API.extract);
    xhr.timeout = CALL_TIMEOUT_MS.extract;
    xhr.responseType = 'text';
    for (const [name, value] of Object.entries(bearer(input.token))) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        input.onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        const error = typeof body?.error === 'string' && body.error ? body.error : null;
        if (error) fail(error);
        else reject(new Error(WIZARD_MSG.documentUploadFailedStatus(xhr.status)));
        return;
      }
      const parsed = extractResponseSchema.safeParse(body);
      if (parsed.success) resolve(parsed.data);
      else reject(new Error(WIZARD_MSG.documentUploadFailedStatus(xhr.status)));
    };
    xhr.onerror = () => fail(NETWORK_MESSAGE);
    xhr.ontimeout = () => fail(TIMEOUT_MESSAGE);
    xhr.onabort = () => reject(new DOMException(UPLOAD_CANCELLED, 'AbortError'));
    input.signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append('sessionId', input.sessionId);
    form.append('file', input.file, input.file.name);
    input.onProgress(0);
    xhr.send(form);
  });
}

function parseBody(text: string): Record<string, unknown> | null {
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
