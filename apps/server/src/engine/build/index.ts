import type { DocumentText } from '../passages/index.js';
import { settleWorker, startWorker } from '../worker-thread.js';
import { buildKnowledgeHere, type BuiltKnowledge } from './build-knowledge.js';
import type { BuildReply } from './build-worker.js';

export type { BuiltKnowledge } from './build-knowledge.js';

/** A build of the largest document (5 MB of text) takes a few seconds; one that runs this long is stuck. */
export const BUILD_TIMEOUT_MS = 120_000;
const WORKER_LIMITS = { maxOldGenerationSizeMb: 1024, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 };

/**
 * Splits, indexes and suggests questions for a document in a worker thread, so a large document's seconds of
 * work never hold up the requests the server is answering meanwhile. Rejects when the work fails, runs out of
 * memory or time, or when `signal` aborts (the job lost its lease); the worker is always stopped before this
 * settles.
 */
export function buildKnowledge(
  document: DocumentText,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<BuiltKnowledge> {
  const { timeoutMs = BUILD_TIMEOUT_MS, signal } = options;
  const worker = startWorker(import.meta.url, 'build-worker', {
    workerData: document,
    resourceLimits: WORKER_LIMITS,
  });
  if (!worker) return Promise.resolve(buildKnowledgeHere(document));
  return settleWorker<BuiltKnowledge>(
    worker,
    {
      reply: (message) => {
        const reply = message as BuildReply;
        return reply.ok ? reply.built : new Error(`The bot build failed: ${reply.message}`);
      },
      failed: (error) => new Error(`The bot build stopped: ${error.message}`, { cause: error }),
      timedOut: () => new Error('The bot build took too long'),
      stopped: () => new Error('The bot build was stopped'),
    },
    { timeoutMs, signal },
  );
}
