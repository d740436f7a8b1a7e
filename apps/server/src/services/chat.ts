import type { Kysely } from 'kysely';
import {
  CHAT_MSG,
  ERROR_CODES,
  WIDGET_MSG,
  botAvatarUrl,
  isChatReady,
  messageLimitNotice,
  themeIdOf,
  type ApiPassage,
  type ChatRequest,
  type ChatResponse,
  type ChatSource,
  type GenerateQuestionsResponse,
  type PublicBotInfoResponse,
  type ReplyConfidence,
} from '@vuxo/shared';
import { botsAhead, type BotsRepository, type ChatBotRow } from '../db/bots-repository.js';
import { shownQuestions } from './suggested-questions.js';
import type { Database } from '../db/schema.js';
import {
  escapeMarkdownText,
  sanitizeMarkdown,
  sourceLabel,
  toneWords,
  type Answer,
  type AnswerBot,
  type AnswerEngine,
  type PreparedCorrection,
  type ReplyProgress,
  withoutBidiControls,
} from '../engine/answer/index.js';
import type { KeyFactEdits } from '../engine/facts/effective.js';
import type { SearchResult } from '../engine/retrieval/index.js';
import { AppError } from '../errors.js';
import { effectiveContact } from './bot-contact.js';
import { isPaused } from './bot-pause.js';
import type { ChatUsageService } from './chat-usage.js';
import { conversationIdOf, type ConversationLog } from './conversation-log.js';
import type { ModelUsageLog } from './model-usage.js';
import type { MessageLimitPolicy, Visitor } from './message-limits.js';
import type { User } from './users.js';
import type { WebhookEvents } from './webhooks/deliveries.js';
import type { LiveConversationsService } from './live/live-conversations.js';

export type { Visitor } from './message-limits.js';

export interface ChatCaller {
  user: User | null;
  visitor: Visitor;
  /** Aborted when the client goes away or stops the reply: a model call in progress is given up. */
  signal?: AbortSignal;
  /** Given the reply as a model writes it (a caller that streams it); built-in answers come whole. */
  onText?: (event: ReplyProgress) => void;
}

/** A chat reply; `cut` when a model's reply stopped before its end and `reply` is what it wrote. */
export type ChatReply = ChatResponse & { cut?: 'failed' | 'stopped' };

export interface ChatServiceDeps {
  db: Kysely<Database>;
  bots: BotsRepository;
  usage: ChatUsageService;
  limits: MessageLimitPolicy;
  engine: AnswerEngine;
  /** Visitors' messages and answers, for the owner's log (written off the reply path). */
  log: ConversationLog;
  /** The model's tokens and fallbacks per bot and day, the owner's tests included. */
  modelUsage: ModelUsageLog;
  /** The owner's corrections of a bot, by its corrections version. */
  correctionsOf: (botId: string, version: string) => Promise<PreparedCorrection[]>;
  /** The owner's edits of the bot's key facts, by the same version (decision 039); absent: none. */
  factEditsOf?: (botId: string, version: string) => Promise<KeyFactEdits | null>;
  /** `{email}` in the product's messages; a bot's contact when its owner has no email. */
  supportEmail: string;
  /** The owner's webhooks: a missed question, and the conversation's quiet time restarted (decision 112). */
  webhooks?: WebhookEvents;
  /** Live conversations (decision 115): while the owner holds one, the visitor's messages go to them instead. */
  live?: Pick<LiveConversationsService, 'heldMessage' | 'activity'>;
}

/** What a chat message needs of its bot, its contact included. */
type ChatBot = ChatBotRow;

const notFound = () => new AppError('notFound', CHAT_MSG.botNotFound, ERROR_CODES.botNotFound);

/**
 * The widget's calls: public bot info, chat with the
 * server-enforced daily limit, and the stored suggested questions. A bot is found by its id or its share id;
 * an unknown or deleted bot is the same 404.
 */
export function chatService(deps: ChatServiceDeps) {
  const { db, bots, usage, limits, engine, log } = deps;

  const findBot = (identifier: string): Promise<ChatBot | undefined> => bots.forChat(identifier);

  const standingOf = async (botId: string, visitor: Visitor) =>
    limits.standing(await usage.peek(botId, visitor.keys));

  /** The bot as the engine reads it, with the owner's key facts over the document's. */
  async function answerBotOf(bot: ChatBot): Promise<AnswerBot> {
    const factEdits = await deps.factEditsOf?.(bot.id, bot.corrections_version);
    // Declines point here (null: nowhere, the owner's choice), never to an address found in the document.
    const contact = effectiveContact(bot, deps.supportEmail);
    return {
      id: bot.id,
      name: bot.name,
      tone: bot.tone,
      creativity: bot.creativity,
      version: bot.index_version,
      documentName: documentNameOf(bot),
      contactEmail: contact,
      ...(contact === null ? { noContact: true } : {}),
      ...(Number(bot.requests_off) === 1 ? { requestsOff: true } : {}),
      // The owner's word wins over the document's key facts.
      ...(factEdits ? { factEdits: { version: bot.corrections_version, edits: factEdits } } : {}),
    };
  }

  /** The engine's answer for the bot, with the owner's saved answers and key facts; the model's tokens recorded. */
  async function answerOf(
    bot: ChatBot,
    request: Pick<ChatRequest, 'message' | 'history'>,
    caller: Pick<ChatCaller, 'signal' | 'onText'> = {},
  ): Promise<Answer> {
    const answer = await engine.answer({
      bot: await answerBotOf(bot),
      message: request.message,
      history: request.history,
      corrections: await deps.correctionsOf(bot.id, bot.corrections_version),
      ...(caller.signal ? { signal: caller.signal } : {}),
      ...(caller.onText ? { onText: caller.onText } : {}),
    });
    if (answer.engine === 'llm' || answer.fallbackReason) {
      deps.modelUsage.record({
        botId: bot.id,
        promptTokens: answer.usage?.promptTokens ?? 0,
        cachedTokens: answer.usage?.cachedTokens ?? 0,
        completionTokens: answer.usage?.completionTokens ?? 0,
        fallback: answer.engine === 'built-in',
      });
    }
    return answer;
  }

  /**
   * The reply when the bot does not answer now, else null: over the owner's plan's cap (the same word for visitors
   * and the owner), or nothing to answer from yet (a polite word). Neither is counted.
   */
  async function unavailableReply(bot: ChatBot): Promise<string | null> {
    if (await isPaused(db, bot.user_id, bot.bots_ahead)) return WIDGET_MSG.botPaused;
    if (isChatReady(bot.status)) return null;
    const tone = toneWords(bot.tone);
    const reply =
      bot.status === 'error'
        ? tone.unavailable(deps.supportEmail)
        : tone.notReady(escapeMarkdownText(bot.name));
    return sanitizeMarkdown(reply);
  }

  /** The passages the bot would answer `query` from, best first, as its owner sees them (with their text). */
  async function searchOf(bot: ChatBot, query: string, limit: number): Promise<ApiPassage[]> {
    const results = await engine.search(await answerBotOf(bot), query, limit);
    return results.map((result) => ({
      ...sourceOf(result, false),
      text: result.passage.text,
      confidence: roundedConfidence(result),
    }));
  }

  /** Queues the exchange for the owner's log; returns its message id. */
  function logExchange(
    bot: ChatBot,
    question: string,
    answer: Answer,
    visitorId: string,
    api?: { conversationId: string },
  ): string {
    const documentName = documentNameOf(bot);
    const at = new Date();
    const messageId = log.record(
      {
        botId: bot.id,
        visitorId,
        question,
        reply: answer.reply,
        kind: answer.kind,
        sources: [...new Set(answer.sources.map((result) => sourceLabel(result.passage, documentName)))],
        engine: answer.engine,
        fallbackReason: answer.fallbackReason,
        usage: answer.usage,
        // For the owner's missed questions only: never in the reply.
        declineReason: answer.declineReason,
        correctionId: answer.correctionId,
        unsure: answer.unsure,
        ...(api ? { api } : {}),
      },
      at,
    );
    const conversationId = api?.conversationId ?? conversationIdOf(bot.id, visitorId, at);
    if (answer.kind === 'declined') {
      deps.webhooks?.emitLater(bot.id, 'question.missed', {
        conversationId,
        messageId,
        question,
        source: api ? 'api' : 'widget',
        askedAt: at.toISOString(),
      });
    }
    deps.webhooks?.conversationActive(bot.id, conversationId, at);
    deps.live?.activity(bot.id, conversationId);
    return messageId;
  }

  return {
    identifyVisitor: limits.identify,

    /**
     * What the public API's chat (api-chat.ts) shares with the widget's: the bot, its word when it does not answer,
     * the engine's answer and the log, so both give and record the same answer; and the engine's search.
     */
    forApi: { findBot, unavailableReply, answer: answerOf, logExchange, replyOf, search: searchOf },

    async publicBotInfo(identifier: string, caller: ChatCaller): Promise<PublicBotInfoResponse> {
      const bot = await bots
        .byIdentifier(identifier)
        .select([
          'bots.id',
          'bots.user_id',
          'bots.name',
          'bots.welcome_message',
          'bots.theme_id',
          'bots.image_path',
          'bots.status',
          'bots.generated_questions',
          'bots.owner_questions',
          'bots.requests_off',
          botsAhead.as('bots_ahead'),
        ])
        .executeTakeFirst();
      if (!bot) throw notFound();
      const paused = await isPaused(db, bot.user_id, bot.bots_ahead);
      const ready = isChatReady(bot.status) && !paused;
      const owner = caller.user?.id === bot.user_id;
      return {
        success: true,
        publicBotInfo: {
          botId: bot.id,
          botName: bot.name,
          botImageUrl: bot.image_path ? botAvatarUrl(bot.id, bot.image_path) : null,
          welcomeMessage: sanitizeMarkdown(bot.welcome_message),
          themeId: themeIdOf(bot.theme_id),
          generatedQuestions: ready ? shownQuestions(bot) : [],
          ready,
          ...(paused ? { paused } : {}),
          ...(Number(bot.requests_off) === 1 ? { requestsOff: true } : {}),
        },
        // The owner has no daily limit: no count in their replies.
        ...(owner ? {} : await standingOf(bot.id, caller.visitor)),
      };
    },

    /** True when the user owns the bot (its id or share id): the widget's flood limit does not apply to them. */
    async ownsBot(identifier: string, user: User): Promise<boolean> {
      const bot = await bots.byIdentifier(identifier).select('bots.user_id').executeTakeFirst();
      return bot?.user_id === user.id;
    },

    async chat(request: ChatRequest, caller: ChatCaller): Promise<ChatReply> {
      const bot = await findBot(request.botConfigId);
      if (!bot) throw notFound();
      const owner = caller.user?.id === bot.user_id;
      const visitorFields = owner ? {} : { visitorId: caller.visitor.id };

      const unavailable = await unavailableReply(bot);
      if (unavailable !== null) {
        const standing = owner ? {} : await standingOf(bot.id, caller.visitor);
        return { reply: unavailable, sources: [], ...standing, ...visitorFields };
      }

      // Held by the owner (decision 115): the message is theirs to answer, the bot stays quiet; not counted.
      if (!owner && (await deps.live?.heldMessage(bot.id, caller.visitor.id, request.message))) {
        return {
          reply: '',
          sources: [],
          held: true,
          ...(await standingOf(bot.id, caller.visitor)),
          ...visitorFields,
        };
      }

      let counts = new Map<string, number>();
      if (!owner) {
        const consumed = await usage.consume(bot.id, limits.limitsOf(caller.visitor.keys));
        if (!consumed.counted) {
          // Refused, and not counted: the notice names the allowance that is used up, never the visitor's count.
          const limitedBy = limits.refusedBy(consumed.full);
          throw new AppError(
            'limitReached',
            messageLimitNotice(limitedBy, deps.supportEmail),
            ERROR_CODES.messageLimitReached,
            { messagesLeft: 0, limitedBy, ...visitorFields },
          );
        }
        counts = consumed.counts;
      }
      let answer;
      try {
        answer = await answerOf(bot, request, caller);
      } catch (error) {
        // Not answered: the message is given back.
        if (!owner) await usage.refund(bot.id, caller.visitor.keys).catch(() => undefined);
        throw error;
      }
      // The owner's own tests stay out of their log.
      const messageId = owner ? undefined : logExchange(bot, request.message, answer, caller.visitor.id);
      return {
        ...replyOf(answer, owner),
        ...(owner ? {} : limits.standing(counts)),
        ...visitorFields,
        ...(messageId ? { messageId } : {}),
      };
    },

    /**
     * The bot's answer to an opening question as its owner gets it in the console (the check-up): the same engine,
     * never logged nor counted. Null when the bot does not answer now (being built, failed or paused); another
     * owner's bot is the same 404 as a missing one.
     */
    async answerAsOwner(user: User, botId: string, message: string): Promise<Answer | null> {
      const bot = await findBot(botId);
      if (!bot || bot.user_id !== user.id || bot.id !== botId) throw notFound();
      if (!isChatReady(bot.status) || (await isPaused(db, bot.user_id, bot.bots_ahead))) return null;
      return answerOf(bot, { message, history: [] });
    },

    /** True when replies can stream: a model writes them. */
    streams: deps.engine.writesWithModel,

    /** A bot was built: its index is loaded before its first visitor asks (`version`: its new index_version). */
    async warm(botId: string, version: string): Promise<void> {
      await engine.warm(botId, version);
    },

    /** The suggested questions: the owner's list, or the build's (empty while the bot is being built). */
    async questions(identifier: string): Promise<GenerateQuestionsResponse> {
      const bot = await bots
        .byIdentifier(identifier)
        .select(['bots.status', 'bots.generated_questions', 'bots.owner_questions'])
        .executeTakeFirst();
      if (!bot) throw notFound();
      return { questions: isChatReady(bot.status) ? shownQuestions(bot) : [] };
    },
  };
}
export type ChatService = ReturnType<typeof chatService>;

const documentNameOf = (bot: ChatBot) => bot.original_name ?? 'the document';

/** Where an answer comes from; the passage itself only for the bot's owner (the owner console shows it). */
function sourceOf(result: SearchResult, owner: boolean): ChatSource {
  const { ordinal, heading, page, text } = result.passage;
  const base = { ordinal, heading: heading === null ? null : withoutBidiControls(heading), page };
  return owner ? { ...base, text, confidence: roundedConfidence(result) } : base;
}

const roundedConfidence = (result: SearchResult) => Math.round(result.confidence * 100) / 100;

/** The reply's fields the engine's answer gives (not the visitor's count nor ids). */
function replyOf(answer: Answer, owner: boolean): ChatReply {
  return {
    reply: answer.reply,
    sources: answer.sources.map((result) => sourceOf(result, owner)),
    ...(answer.kind === 'declined' ? { declined: true } : {}),
    ...confidenceOf(answer),
    ...(answer.cut ? { cut: answer.cut } : {}),
  };
}

/** A backstop against floods from one address, far above what the daily limit lets a visitor send. */
export const CHAT_RATE_PER_MINUTE = 60;

/** How sure the reply is (issue 44): on answers from the document and the owner's saved answers only. */
function confidenceOf(answer: Answer): { confidence?: ReplyConfidence } {
  if (answer.kind !== 'answer' && answer.kind !== 'correction') return {};
  return { confidence: answer.unsure ? 'unsure' : 'sure' };
}
