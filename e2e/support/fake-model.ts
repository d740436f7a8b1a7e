/**
 * The test kit's fake language model for the stream server of the end-to-end run (playwright.config.ts starts it
 * with `tsx e2e/support/fake-model.ts`): it streams FAKE_REPLY one word every FAKE_WORD_MS, and breaks the
 * connection after FAKE_BREAK_AFTER words when the visitor's question contains FAKE_BREAK_WORD.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeModel, type CompletionRequest, type ModelBehaviour } from '@vuxo/testkit';
import { E2E_FAKE_MODEL_PORT } from './env.ts';

export const FAKE_REPLY =
  'We are open Monday to Friday from 9am to 6pm, and on Saturday from 10am to 2pm. ' +
  'You can book online or call us, and cancellations need 24 hours notice.';
export const FAKE_WORD_MS = 200;
export const FAKE_BREAK_WORD = 'interrupted';
export const FAKE_BREAK_AFTER = 6;

function reply(body: CompletionRequest): ModelBehaviour {
  const question = body.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
  return question.toLowerCase().includes(FAKE_BREAK_WORD)
    ? { kind: 'cut', text: FAKE_REPLY, words: FAKE_BREAK_AFTER, everyMs: FAKE_WORD_MS }
    : { kind: 'answer', text: FAKE_REPLY, everyMs: FAKE_WORD_MS };
}

// Run as a script (not when a spec imports the constants above).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const model = await startFakeModel({ port: E2E_FAKE_MODEL_PORT, rules: [reply] });
  console.log(`Fake model at ${model.baseUrl}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => void model.close().then(() => process.exit(0)));
  }
}
