import { buildMessages, LLM_BUDGET, LlmError, type LlmClient, type LlmUsage } from '../llm/index.js';
import { hasConfidentMatch, type SearchResult } from '../retrieval/index.js';
import type { Answer } from './answer.js';
import type { AnswerRequest } from './answer-engine.js';
import type { BotKnowledge } from './bot-knowledge.js';
import { relatedCorrections } from './correction-topic.js';
import { sanitizeMarkdown } from './markdown-safety.js';
import { replyStream } from './reply-stream.js';
import { sourceLabel, sourceLine } from './source-line.js';
import { toneWords } from './tone.js';

/** The owner's corrections given to the model with a question, at most (the closest). */
const LLM_CORRECTIONS = 5;

export interface LlmContext {
  request: AnswerRequest;
  knowledge: BotKnowledge;
  results: SearchResult[];
  email: string | null;
  contextTokens: number;
}

/**
 * The model's answer, passed on as it is written. A model that fails before writing anything throws (the caller
 * answers with the built-in engine instead); one that fails mid-way, or is stopped, leaves a partial answer.
 */
export async function llmAnswer(llm: LlmClient, context: LlmContext): Promise<Answer> {
  const { request, knowledge, results, email, contextTokens } = context;
  const { bot } = request;
  const confident = results.filter((r) => hasConfidentMatch([r]));
  const messages = buildMessages({
    botName: bot.name,
    tone: bot.tone,
    creativity: bot.creativity,
    email,
    documentName: bot.documentName,
    allPassages: knowledge.index.passages,
    retrieved: results.map((r) => r.passage),
    totalTokens: knowledge.totalTokens,
    contextTokens,
    history: request.history,
    message: request.message,
    corrections: request.corrections ?? [],
    relatedCorrections: relatedCorrections(request.corrections ?? [], request.message, LLM_CORRECTIONS),
    keyFacts: knowledge.index.keyFacts,
  });
  const progress = request.onText ? replyStream(request.onText) : null;
  let raw = '';
  let usage: LlmUsage | undefined;
  try {
    for await (const event of llm.stream({
      messages,
      maxTokens: LLM_BUDGET.maxReplyTokens,
      temperature: bot.creativity === 'restricted' ? 0.1 : 0.4,
      maxChars: LLM_BUDGET.maxReplyChars,
      ...(request.signal ? { signal: request.signal } : {}),
    })) {
      if (event.type === 'usage') usage = event.usage;
      else {
        raw += event.text;
        progress?.push(event.text);
      }
    }
  } catch (error) {
    // Nothing shown yet, or a caller that waits for the whole reply: the built-in engine answers instead.
    if (raw.trim() === '' || !progress) throw error;
    const stopped = error instanceof LlmError && error.reason === 'aborted';
    const reply = sanitizeMarkdown(raw);
    progress.finish(reply);
    return {
      reply,
      kind: 'answer',
      engine: 'llm',
      sources: [],
      cut: stopped ? 'stopped' : 'failed',
      // The owner's log keeps the partial reply marked as such.
      fallbackReason: `cut short: ${(error as Error).message}`,
      ...(usage ? { usage } : {}),
    };
  }
  progress?.finish(sanitizeMarkdown(raw));
  const text = raw.trim();
  if (text === '') throw new LlmError('bad-response', 'the model answered without text');
  // Without a contact the model is told to decline with the tone's own sentence.
  const declineMark = email ?? toneWords(bot.tone).declineNoContact;
  const declined = text.includes(declineMark) && !/_sources?:/i.test(text);
  let reply = text;
  let sources = declined ? [] : namedSources(text, results, bot.documentName);
  // The model forgot to name its source: name the passage the search found, unless it declined.
  if (!declined && confident.length > 0 && sources.length === 0) {
    if (!/sources?:/i.test(text))
      reply = `${text}\n\n${sourceLine([confident[0]!.passage], bot.documentName)}`;
    sources = [confident[0]!];
  }
  return {
    reply: sanitizeMarkdown(reply),
    kind: declined ? 'declined' : 'answer',
    engine: 'llm',
    sources,
    ...(usage ? { usage } : {}),
  };
}

/** The passages the model's own 'Source:' line names, in the order it names them (at most three). */
function namedSources(text: string, results: readonly SearchResult[], documentName: string): SearchResult[] {
  const line = /sources?:\s*([^\n]+)/i.exec(text)?.[1]?.replace(/[_*]/g, '').toLowerCase();
  if (!line) return [];
  const named = results.filter((r) => line.includes(sourceLabel(r.passage, documentName).toLowerCase()));
  return named.slice(0, 3);
}
