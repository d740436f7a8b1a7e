/** Worker-thread entry: builds the bot knowledge of the document in `workerData` and posts one reply. */
import { parentPort, workerData } from 'node:worker_threads';
import type { DocumentText } from '../passages/index.js';
import { buildKnowledgeHere, type BuiltKnowledge } from './build-knowledge.js';

export type BuildReply = { ok: true; built: BuiltKnowledge } | { ok: false; message: string };

function run(document: DocumentText): BuildReply {
  try {
    return { ok: true, built: buildKnowledgeHere(document) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

if (parentPort) parentPort.postMessage(run(workerData as DocumentText));
