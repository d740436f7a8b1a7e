import { API } from '@vuxo/shared/api';
import { WIZARD_MSG } from '@vuxo/shared/messages';
import { documentReadingResponseSchema, type DocumentReading } from '@vuxo/shared/schemas';
import { requestApi } from '../../../app/api-client';

const failed = (status: number) => WIZARD_MSG.documentUploadFailedStatus(status);

/** GET the wizard session's document reading (decision 073): its pages read, or how it ended; null for none. */
export async function getDocumentReading(
  sessionId: string,
  token: string | null,
): Promise<DocumentReading | null> {
  const path = `${API.documentReading}?sessionId=${encodeURIComponent(sessionId)}`;
  return (await requestApi(path, { token }, documentReadingResponseSchema, failed)).reading;
}

/** Stops the session's reading; the reading as it then stands. */
export async function cancelDocumentReading(
  sessionId: string,
  token: string | null,
): Promise<DocumentReading | null> {
  const call = { method: 'POST' as const, body: { sessionId }, token };
  return (await requestApi(API.cancelReading, call, documentReadingResponseSchema, failed)).reading;
}
