import { API } from '@vuxo/shared';
import type { FastifyInstance } from 'fastify';
import { bearer } from './test-app.js';
import { multipart, newSessionId } from './multipart.js';

export const HANDBOOK_TEXT = `# Opening hours
We are open Monday to Friday from 9am to 6pm, and Saturday from 10am to 4pm.

# Prices
A standard consultation costs $40. A follow-up visit costs $25.

# Contact
Call us at 416-555-0100 or email hello@example.com.`;

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
    botType: 'text',
    botName: 'Harbour Helper',
    welcomeMessage: 'Hi! Ask me about our clinic.',
    chatbotTone: 'friendly',
    documentName: 'handbook.txt',
    documentPath: upload.filePath,
    creativityLevel: 'restricted',
    ...overrides,
  };
}

/** Polls until the predicate holds (bounded), for background work such as bot builds. */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
