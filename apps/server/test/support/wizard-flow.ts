import { API } from '@vuxo/shared';
import { HANDBOOK_TEXT } from '@vuxo/testkit';
import type { FastifyInstance } from 'fastify';
import { bearer, TEST_BOT_CHOICES } from './test-app.js';
import { multipart, newSessionId } from './multipart.js';

export { HANDBOOK_TEXT, waitFor } from '@vuxo/testkit';

/** Uploads a document into a new wizard session, as the wizard's step 0 does. */
export async function uploadDocument(
  app: FastifyInstance,
  options: { token?: string; text?: string; sessionId?: string } = {},
) {
  const sessionId = options.sessionId ?? newSessionId();
  const body = multipart(
    { sessionId },
    {
      field: 'file',
      name: 'handbook.txt',
      type: 'text/plain',
      bytes: Buffer.from(options.text ?? HANDBOOK_TEXT),
    },
  );
  const res = await app.inject({
    method: 'POST',
    url: API.extract,
    payload: body.payload,
    headers: { ...body.headers, ...(options.token ? bearer(options.token) : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`extract failed: ${res.statusCode} ${res.body}`);
  return { sessionId, filePath: (res.json() as { filePath: string }).filePath };
}

export function botConfig(
  upload: { sessionId: string; filePath: string },
  overrides: Record<string, unknown> = {},
) {
  return {
    sessionId: upload.sessionId,
    ...TEST_BOT_CHOICES,
    botName: 'Harbour Helper',
    welcomeMessage: 'Hi! Ask me about our clinic.',
    documentName: 'handbook.txt',
    documentPath: upload.filePath,
    ...overrides,
  };
}
