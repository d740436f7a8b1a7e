import type { CreativityLevel, Tone } from '@vuxo/shared/bot';
import { hasConfidentMatch, indexTerms, specificity, type SearchResult } from '../retrieval/index.js';
import { LLM_BUDGET, type LlmClient } from '../llm/index.js';
import { LruMap } from '../../lru-map.js';
import { ALL_RULES, type EngineRules } from '../rules.js';
import { knowledgeCache, withOwnerFacts, type BotKnowledge, type KnowledgeCache } from './bot-knowledge.js';
import type { KeyFactEdits } from '../facts/effective.js';
import { keyFactsStage, passagesStage, type DocumentTurn } from './built-in-answer.js';
import type { Answer } from './answer.js';
import type { AssuranceModel } from './assurance.js';
import { correctionAnswer, matchCorrection, type PreparedCorrection } from './corrections.js';
import { matchCorrectionTopic } from './correction-topic.js';
import { looksLikeFollowUp, ownTerms, resolveFollowUp, type ChatTurn } from './follow-up.js';
import { escapeMarkdownText, sanitizeMarkdown } from './markdown-safety.js';
import { llmAnswer } from './llm-answer.js';
import type { ReplyProgress } from './reply-stream.js';
import { wantsPerson } from '@vuxo/shared/visitor-requests';
import { detectSmallTalk, type SmallTalk } from './small-talk.js';
import { analyseQuestion } from './question.js';
import { pick, toneWords, type ToneWords } from './tone.js';

/** What the engine needs to know about a bot. */
export interface AnswerBot {
  id: string;
  name: string;
  tone: Tone;
  creativity: CreativityLevel;
  /** The bot's index version (set by each build): a new value means a new index. */
  version: string;
  /** Named as the source when a passage has neither heading nor page. */
  documentName: string;
  /** Where declines send visitors: the bot's contact; the support address when unset. */
  contactEmail?: string | null;
  /** The owner chose no contact: declines give no address at all (decision 062). */
  noContact?: boolean;
  /** The owner turned visitors' requests off: the widget offers no form (decision 068). */
  requestsOff?: boolean;
  /** The owner's edits of the key facts, and their version: they win over the document's (decision 039). */
  factEdits?: { version: string; edits: KeyFactEdits };
}

export interface AnswerRequest {
  bot: AnswerBot;
  message: string;
  history: readonly ChatTurn[];
  signal?: AbortSignal;
  /** The owner's corrections: a matching one answers before the document is searched. */
  corrections?: readonly PreparedCorrection[];
  /** Called as a model writes the reply (not called for built-in answers): always safe markdown. */
  onText?: (event: ReplyProgress) => void;
}

export type { ReplyProgress };

export type { Answer, AnswerKind } from './answer.js';

export interface AnswerEngineDeps {
  /** The bot's serialized retrieval index; null when it has none (not built yet). */
  readIndex(botId: string): Promise<string | null>;
  /** The product's support address: the fallback when a bot has no contact of its own. */
  supportEmail: string;
  /** An OpenAI-compatible model; null for the built-in engine alone. */
  llm: LlmClient | null;
  /** How much of the document the model may read, in estimated tokens (LLM_CONTEXT_TOKENS). */
  contextTokens?: number;
  cache?: KnowledgeCache;
  /** Built-in answers kept for repeated opening questions (5000); 0 keeps none. */
  answerCacheSize?: number;
  logger?: { warn(details: object, message: string): void };
  /** The rules the engine answers with (default: all; the evaluation switches some off). */
  rules?: EngineRules;
  /** The assurance replies are weighed with (default: the fitted one; bench/train-engine gives its own). */
  assurance?: AssuranceModel;
}

const LLM_SEARCH_LIMIT = 8;
/** Passages the search may give the model when the document does not fit whole (the budget decides). */
const LLM_FILL_LIMIT = 400;
/** Answers kept (least recently used out first). */
const ANSWER_CACHE_SIZE = 5000;

/** True when no earlier question can change how this message is read (no follow-up to resolve). */
function opensConversation(history: readonly ChatTurn[]): boolean {
  return history.every((turn) => turn.role !== 'user' || detectSmallTalk(turn.content) !== null);
}

function answerKey(bot: AnswerBot, message: string): string {
  return [
    bot.id,
    bot.version,
    bot.tone,
    bot.creativity,
    bot.name,
    bot.documentName,
    bot.noContact ? 'no-contact' : (bot.contactEmail ?? ''),
    bot.requestsOff ? 'requests-off' : '',
    bot.factEdits?.version ?? '',
    message,
  ].join('\u0000');
}

/**
 * Answers a visitor's message from the bot's document: small talk is answered at once;
 * a question is searched (with the previous question's topic for a short follow-up), then written by the model
 * when one is configured, or by the extractive composer, which is also the fallback when the model fails.
 */
export function answerEngine(deps: AnswerEngineDeps) {
  const rules = deps.rules ?? ALL_RULES;
  const cache = deps.cache ?? knowledgeCache({ rules });
  // The everyday-English word list is read at start-up rather than on a visitor's first question.
  specificity('warm');
  const answers = new LruMap<string, Answer>(deps.answerCacheSize ?? ANSWER_CACHE_SIZE);

  async function knowledgeOf(bot: AnswerBot): Promise<BotKnowledge | null> {
    const knowledge = await cache.get(bot.id, bot.version, () => deps.readIndex(bot.id));
    return knowledge && withOwnerFacts(knowledge, bot.factEdits?.edits);
  }

  /**
   * The stages a question goes through, in order; the first to answer wins: the model when one is configured, the
   * key facts for the everyday topics (topics/), then the document's passages (compose.ts), which always answer —
   * with the closest facts standing in where the passages are not sure.
   */
  const STAGES: ((turn: Turn) => Promise<Answer | null> | Answer | null)[] = [
    async function model(turn) {
      if (!deps.llm) return null;
      const { request, knowledge, results, email, contextTokens } = turn;
      try {
        return await llmAnswer(deps.llm, { request, knowledge, results, email, contextTokens });
      } catch (error) {
        // A visitor who left before the first words is no failure of the model.
        if (!request.signal?.aborted) {
          turn.fallbackReason = (error as Error).message;
          deps.logger?.warn(
            { botId: request.bot.id, reason: turn.fallbackReason },
            'model failed; built-in answer used',
          );
        }
        return null;
      }
    },
    keyFactsStage,
    passagesStage,
  ];

  return {
    async answer(request: AnswerRequest): Promise<Answer> {
      const { bot } = request;
      const tone = toneWords(bot.tone);
      const message = request.message.trim().replace(/\s+/g, ' ');
      // The owner's own answer to this question (or to the same question in other words) wins at once.
      const correction = matchCorrection(request.corrections ?? [], message);
      if (correction) {
        return correctionAnswer(correction);
      }
      // The built-in engine's answer to an opening question depends on nothing else: the same question (a
      // suggested-question chip) gets the same answer, so it is kept for the bot's current version.
      const key = !deps.llm && opensConversation(request.history) ? answerKey(bot, message) : null;
      const cached = key ? answers.get(key) : undefined;
      const answer = cached ?? (await answerOnce(request, message, tone));
      if (key && !cached && answer.kind !== 'not-ready') answers.set(key, answer);
      // The document gives no sure answer: the owner's answer about the same thing is better (decision 106).
      // A model's reply is already on the visitor's screen as it is written: the model reads these answers instead.
      const unsure = answer.kind === 'declined' || (answer.kind === 'answer' && answer.unsure);
      const replaceable = unsure && answer.engine === 'built-in' && !answer.fallbackReason;
      const sameTopic = replaceable ? matchCorrectionTopic(request.corrections ?? [], message) : null;
      return sameTopic ? correctionAnswer(sameTopic) : { ...answer };
    },
    /**
     * The passages a question is answered from, best first: the question read and searched as `answer` does
     * (the public API's `search_documents`, decision 113). None before the bot's first build.
     */
    async search(bot: AnswerBot, query: string, limit: number): Promise<SearchResult[]> {
      const knowledge = await knowledgeOf(bot);
      if (!knowledge) return [];
      const question = analyseQuestion(query.trim().replace(/\s+/g, ' '), rules);
      return searchWithHistory(knowledge, question.text, [], limit).results;
    },
    /** True when a model writes the answers (they can be passed on as they are written). */
    writesWithModel: deps.llm !== null,
    /** Loads a freshly built bot's index now, so its first visitor's question costs what every other one does. */
    async warm(botId: string, version: string): Promise<void> {
      await cache.get(botId, version, () => deps.readIndex(botId));
    },
    /** Drops a bot's cached index (e.g. deleted). */
    forget(botId: string): void {
      cache.forget(botId);
    },
  };

  async function answerOnce(request: AnswerRequest, message: string, tone: ToneWords): Promise<Answer> {
    const { bot } = request;
    const knowledge = await knowledgeOf(bot);
    const name = escapeMarkdownText(bot.name);
    const smallTalk = detectSmallTalk(message, bot.name);
    if (smallTalk) {
      const reply = smallTalkReply(smallTalk, tone, name, knowledge?.topics ?? [], message);
      return { reply: sanitizeMarkdown(reply), kind: 'small-talk', engine: 'built-in', sources: [] };
    }
    // Asking for a person is no question about the document: the widget opens its request offer for the same words.
    if (wantsPerson(message)) {
      const email = bot.noContact ? null : bot.contactEmail || deps.supportEmail;
      const reply = tone.person({ form: !bot.requestsOff, email });
      return { reply: sanitizeMarkdown(reply), kind: 'small-talk', engine: 'built-in', sources: [] };
    }
    if (!knowledge) {
      return {
        reply: sanitizeMarkdown(tone.notReady(name)),
        kind: 'not-ready',
        engine: 'built-in',
        sources: [],
      };
    }
    const question = analyseQuestion(message, rules);
    const contextTokens = deps.contextTokens ?? LLM_BUDGET.contextTokens;
    // A document larger than the model's budget: enough of the search's results to fill it.
    const fill = deps.llm && knowledge.totalTokens > contextTokens ? LLM_FILL_LIMIT : LLM_SEARCH_LIMIT;
    const { query, results } = searchWithHistory(knowledge, question.text, request.history, fill);
    const turn: Turn = {
      request,
      question,
      query,
      results,
      knowledge,
      tone,
      email: bot.noContact ? null : bot.contactEmail || deps.supportEmail,
      opener: question.greeted ? tone.hello : undefined,
      documentName: bot.documentName,
      ...(deps.assurance ? { assurance: deps.assurance } : {}),
      contextTokens,
    };
    for (const stage of STAGES) {
      const answer = await stage(turn);
      if (answer) return turn.fallbackReason ? { ...answer, fallbackReason: turn.fallbackReason } : answer;
    }
    throw new Error('the passages stage always answers');
  }

  /** What the stages share about the question being answered. */
  interface Turn extends DocumentTurn {
    request: AnswerRequest;
    contextTokens: number;
    /** Why the model's answer was not used (the built-in engine answered instead). */
    fallbackReason?: string;
  }
}

export type AnswerEngine = ReturnType<typeof answerEngine>;

/**
 * The search for the message, or for the previous question with the message's words in when the message is
 * a follow-up ("and on Saturday?") and the borrowed reading finds the message's own words.
 */
export function searchWithHistory(
  knowledge: BotKnowledge,
  question: string,
  history: readonly ChatTurn[],
  limit = LLM_SEARCH_LIMIT,
): { results: SearchResult[]; query: string } {
  const standalone = { results: knowledge.index.search(question, { limit }), query: question };
  const resolution = resolveFollowUp(question, history);
  if (!resolution) return standalone;
  const own = ownTerms(question);
  const followUp = looksLikeFollowUp(question);
  const standaloneConfident = hasConfidentMatch(standalone.results);
  if (!followUp && (standaloneConfident || own.length > 3)) return standalone;
  const merged = knowledge.index.search(resolution.query, { limit });
  const top = merged[0];
  if (!top || !hasConfidentMatch(merged)) return standalone;
  const passageTerms = new Set([...indexTerms(top.passage.text), ...indexTerms(top.passage.heading ?? '')]);
  const ownFound = own.length === 0 || own.some((t) => passageTerms.has(t) || top.matchedTerms.includes(t));
  return ownFound ? { results: merged, query: resolution.query } : standalone;
}

function joinList(items: string[], word: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${word} ${items.at(-1)}`;
}

function smallTalkReply(
  kind: SmallTalk,
  tone: ToneWords,
  name: string,
  topics: string[],
  key: string,
): string {
  switch (kind) {
    case 'greeting':
      return pick(tone.greeting, key)(name);
    case 'thanks':
      return pick(tone.thanks, key);
    case 'goodbye':
      return pick(tone.goodbye, key);
    case 'how-are-you':
      return pick(tone.howAreYou, key);
    case 'identity': {
      const shown = topics.slice(0, 3).map(escapeMarkdownText);
      return tone.identity(name, shown.length ? ` (for example about ${joinList(shown, 'or')})` : '');
    }
  }
}
