import type { FastifyInstance } from 'fastify';
import { API, type DocumentReading } from '@vuxo/shared';
import { bearer } from './test-app.js';
import { waitFor } from './wizard-flow.js';

/** The session's reading, as the wizard polls it. */
export async function readingOf(app: FastifyInstance, sessionId: string, token?: string) {
  const res = await app.inject({
    method: 'GET',
    url: `${API.documentReading}?sessionId=${encodeURIComponent(sessionId)}`,
    headers: token ? bearer(token) : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ reading: DocumentReading | null }>().reading;
}

/**
 * Follows a reading to its end and answers as the synchronous upload did: 200 with the document read, or the
 * refusal's status and message (422, as extraction refuses).
 */
export async function readingOutcome(app: FastifyInstance, sessionId: string, token?: string) {
  const reading = await waitFor(
    () => readingOf(app, sessionId, token),
    (found) => found?.status !== 'reading',
  );
  const body =
    reading?.status === 'ready'
      ? reading.document
      : { error: reading?.status === 'failed' ? reading.error : '' };
  return {
    statusCode: reading?.status === 'ready' ? 200 : 422,
    json: () => body as never,
    body: JSON.stringify(body),
  };
}
