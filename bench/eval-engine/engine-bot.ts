/**
 * One evaluation document as a bot, in this process: the engine's own extraction, build and answer, with nothing
 * between them that the upload and chat routes would add (no HTTP, no database, no worker or child process).
 */
import { DEFAULT_SUPPORT_EMAIL, type CreativityLevel, type Tone } from '@vuxo/shared';
import { answerEngine, type DeclineReason } from '../../apps/server/src/engine/answer/index.js';
import { buildKnowledgeHere } from '../../apps/server/src/engine/build/build-knowledge.js';
import { extractInThisThread } from '../../apps/server/src/engine/extract/extract-core.js';
import type { ExtractedDocument } from '../../apps/server/src/engine/extract/types.js';
import type { KeyFacts } from '../../apps/server/src/engine/facts/index.js';
import type { Assessment, AssuranceModel } from '../../apps/server/src/engine/answer/assurance.js';
import { rulesWithout, type EngineRule } from '../../apps/server/src/engine/rules.js';

/** The bot settings bench/answer-quality saves: BENCH_TONE and BENCH_CREATIVITY, friendly and restricted. */
export const BOT_SETTINGS = {
  tone: (process.env.BENCH_TONE ?? 'friendly') as Tone,
  creativity: (process.env.BENCH_CREATIVITY ?? 'restricted') as CreativityLevel,
};

/** Each document's extraction, read once for every evaluation in this process (no rule changes it). */
const extractions = new Map<string, Promise<ExtractedDocument>>();

/**
 * A set of bots answering with the built-in engine (no model) with these rules off, each evaluation its own: a
 * fresh engine keeps no index or answer from an evaluation with other rules switched off.
 */
export function engineBots(off: readonly EngineRule[] = [], assurance?: AssuranceModel) {
  const indexes = new Map<string, string>();
  const engine = answerEngine({
    readIndex: async (botId) => indexes.get(botId) ?? null,
    supportEmail: DEFAULT_SUPPORT_EMAIL,
    llm: null,
    rules: rulesWithout(off),
    ...(assurance ? { assurance } : {}),
  });

  /**
   * Extracts and builds the document as an upload named `uploadAs` would be (extraction reads the bytes only, as
   * /api/extract does; the name is the bot's document name), and returns the function that answers a question (and the key facts the build stored) as
   * POST /api/chat would for the bot's owner, with no history or corrections. `index` numbers the bot as
   * bench/answer-quality numbers its owners, whose address declines name.
   */
  return async function engineBot(bytes: Uint8Array, uploadAs: string, index: number) {
    if (!extractions.has(uploadAs)) extractions.set(uploadAs, extractInThisThread(bytes));
    const extracted = await extractions.get(uploadAs)!;
    // The server's build reads the document's text and pages back from the database, with the bot's website pages.
    const built = buildKnowledgeHere({ text: extracted.text, pages: extracted.pages, webPages: [] });
    if (built.passages.length === 0) throw new Error(`${uploadAs}: the build found no text`);
    const id = `bot_eval_${index}`;
    indexes.set(id, built.index);
    const { keyFacts } = JSON.parse(built.index) as { keyFacts?: KeyFacts };
    const bot = {
      id,
      name: 'Help Desk',
      ...BOT_SETTINGS,
      version: 'eval',
      documentName: uploadAs,
      contactEmail: `qualitybench${index + 1}@bench.example`,
    };
    const ask = async (
      message: string,
    ): Promise<{
      reply: string;
      declineReason?: DeclineReason;
      unsure: boolean;
      assessment?: Assessment;
    }> => {
      const answer = await engine.answer({ bot, message: message.trim(), history: [], corrections: [] });
      return {
        reply: answer.reply,
        ...(answer.declineReason ? { declineReason: answer.declineReason } : {}),
        unsure: answer.unsure !== undefined,
        ...(answer.assessment ? { assessment: answer.assessment } : {}),
      };
    };
    return { ask, keyFacts: keyFacts ?? null };
  };
}
