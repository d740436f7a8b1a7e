import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { API, botDocumentsResponseSchema, chatResponseSchema, parseReply } from '@vuxo/shared';
import { buildApp } from '../../src/app.js';
import { firebaseIdentity } from '../../src/adapters/identity/firebase-identity.js';
import { multipart } from './multipart.js';
import { bearer, type TestApp } from './test-app.js';
import { waitFor } from './wizard-flow.js';

/**
 * A test database seen through an app that runs no jobs (`base`, started with `runJobs: false`), so a rebuild the
 * owner asks for stays queued for as long as a test needs, the bot meanwhile answering from its old index; and
 * `withWorker`, which starts an app on the same database that runs jobs, and stops it once the work given is done.
 */
export function workerFor(base: TestApp) {
  return async function withWorker<T>(work: (t: TestApp) => Promise<T>): Promise<T> {
    const identity = firebaseIdentity({
      projectId: base.config.firebase.projectId,
      emulatorHost: inject('authEmulatorHost'),
    });
    const app = await buildApp({ config: base.config, database: base.database, identity, webDist: null });
    await app.ready();
    try {
      return await work({ ...base, app });
    } finally {
      await app.close();
      await identity.close();
    }
  };
}

/** The owner's calls of the bot's documents, and a visitor's question, on one app. */
export function documentCalls(
  app: FastifyInstance,
  owner: { token: string; botId: string; shareId: string },
) {
  let address = 0;
  const upload = (url: string, name: string, text: string | Uint8Array) => {
    const bytes = typeof text === 'string' ? Buffer.from(text) : text;
    const type = typeof text === 'string' ? 'text/plain' : 'application/octet-stream';
    const body = multipart({}, { field: 'file', name, type, bytes });
    return app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(owner.token) },
    });
  };
  const calls = {
    /** The press: answered at once (202) while the upload is read in the background (decision 084). */
    replace: (documentId: string, name: string, text: string | Uint8Array) =>
      upload(`${API.replaceBotDocument}?botId=${owner.botId}&documentId=${documentId}`, name, text),
    add: (name: string, text: string | Uint8Array) =>
      upload(`${API.addBotDocument}?botId=${owner.botId}`, name, text),
    /** Presses and waits until the upload is read: listed as pending, or refused with the reason listed. */
    async replaced(documentId: string, name: string, text: string | Uint8Array) {
      const res = await calls.replace(documentId, name, text);
      expect(res.statusCode, res.body).toBe(202);
      return { id: res.json<{ id: string }>().id, list: await calls.read() };
    },
    async added(name: string, text: string | Uint8Array) {
      const res = await calls.add(name, text);
      expect(res.statusCode, res.body).toBe(202);
      return { id: res.json<{ id: string }>().id, list: await calls.read() };
    },
    async list() {
      const res = await app.inject({
        method: 'GET',
        url: `${API.botDocuments}?botId=${owner.botId}`,
        headers: bearer(owner.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return parseReply(botDocumentsResponseSchema, res.json());
    },
    async ask(message: string) {
      const res = await app.inject({
        method: 'POST',
        url: API.chat,
        remoteAddress: `10.31.2.${++address % 250}`,
        payload: { botConfigId: owner.shareId, message },
      });
      expect(res.statusCode, res.body).toBe(200);
      return parseReply(chatResponseSchema, res.json()).reply;
    },
    /** Waits until no document is being read: each upload read is pending, or its refusal is listed. */
    read: (timeoutMs?: number) =>
      waitFor(
        () => calls.list(),
        (list) => list.documents.every((d) => d.status !== 'reading'),
        timeoutMs,
        100,
      ),
    /** Waits until no document is pending or being read: the rebuild was published or gave up. */
    settled: () =>
      waitFor(
        () => calls.list(),
        (list) => list.documents.every((d) => d.status === 'ready'),
      ),
  };
  return calls;
}
