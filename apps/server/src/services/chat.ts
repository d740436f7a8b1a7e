import { sql, type Kysely } from 'kysely';
import {
  CHAT_MSG,
  MESSAGE_LIMIT_REACHED,
  MESSAGES_PER_DAY,
  botAvatarUrl,
  isChatReady,
  messageLimitNotice,
  themeIdOf,
  type ChatRequest,
  type ChatResponse,
  type ChatSource,
  type GenerateQuestionsResponse,
  type MessageLimit,
  type PublicBotInfoResponse,
} from '@vuxo/shared';
import type { Config } from '../config.js';
import type { BotsTable, Database } from '../db/schema.js';
import {
  answerEngine,
  escapeMarkdownText,
  sanitizeMarkdown,
  toneWords,
  type AnswerEngine,
} from '../engine/answer/index.js';
import { openAiCompatibleClient, type LlmClient } from '../engine/llm/index.js';
import type { SearchResult } from '../engine/retrieval/index.js';
import { AppError } from '../errors.js';
import { effectiveContact, type BotContactColumns } from './bot-contact.js';
import { chatUsageService, type ChatUsageService } from './chat-usage.js';
import type { User } from './users.js';
import { appSecretFor, visitorIdentity, type VisitorIdentity } from './visitors.js';

/** A widget visitor as the server knows them: a signed visitor id and the keys their messages count against. */
export interface Visitor {
  /** The signed id to hand back (the one sent, when valid; otherwise a new one). */
  id: string;
  /**
   * chat_usage keys: `v:` + the id's random part and `a:` + the address key (network and User-Agent), each
   * held to the daily limit; `n:` + the network key, held to NETWORK_SHARE times it.
   */
  keys: string[];
}

export interface ChatCaller {
  user: User | null;
  visitor: Visitor;
  /** Aborted when the client goes away: a model call in progress is given up. */
  signal?: AbortSignal;
}

export interface ChatServiceDeps {
  db: Kysely<Database>;
  usage: ChatUsageService;
  visitors: VisitorIdentity;
  engine: AnswerEngine;
  /** `{email}` of the specification's messages; a bot's contact when its owner has no email. */
  supportEmail: string;
  /** Messages per bot, per visitor, per day; MESSAGES_PER_DAY unless a bench raises it. */
  dailyLimit?: number;
}

/** A bot's stored retrieval index (the answer engine loads it once per bot version). */
export function botIndexReader(db: Kysely<Database>) {
  return async (botId: string): Promise<string | null> =>
    (
      await db
        .selectFrom('bot_indexes')
        .innerJoin('bots', 'bots.id', 'bot_indexes.bot_id')
        .select('bot_indexes.retrieval_index')
        .where('bots.id', '=', botId)
        .where('bots.status', '!=', 'deleted')
        .executeTakeFirst()
    )?.retrieval_index ?? null;
}

/** What a chat message needs of its bot, its contact included (decisions, section 8). */
type ChatBot = Pick<BotsTable, 'id' | 'user_id' | 'name' | 'tone' | 'creativity' | 'status'> &
  BotContactColumns & {
    original_name: string | null;
    index_version: string;
  };

const NETWORK_KEY = 'n:';
/**
 * A network (an office, a school, a phone carrier's shared address) may send this many visitors' worth of
 * messages to one bot a day: visitors who change their User-Agent as well as their storage cannot go on forever.
 */
export const NETWORK_SHARE = 10;

const notFound = () => new AppError('notFound', CHAT_MSG.botNotFound, 'BOT_NOT_FOUND');

function parseQuestions(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((q): q is string => typeof q === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The widget's calls (specification, section 7; decisions, sections 2, 5 and 8): public bot info, chat with the
 * server-enforced daily limit, and the stored suggested questions. A bot is found by its id or its share id;
 * an unknown or deleted bot is the same 404.
 */
export function chatService(deps: ChatServiceDeps) {
  const { db, usage, visitors, engine } = deps;
  const dailyLimit = deps.dailyLimit ?? MESSAGES_PER_DAY;

  /**
   * Written in SQL rather than built: it runs for every visitor message (see chat-usage.ts). The bot's
   * contact comes in the same query (decisions, section 8; decision 009: no extra query per message).
   */
  async function findBot(identifier: string): Promise<ChatBot | undefined> {
    const { rows } = await sql<ChatBot>`
      select bots.id, bots.user_id, bots.name, bots.tone, bots.creativity, bots.status, bots.index_version,
        bots.contact_email, users.email as owner_email, documents.original_name
      from bots
        left join users on users.id = bots.user_id
        left join documents on documents.id = bots.document_id
      where (bots.id = ${identifier} or bots.share_id = ${identifier}) and bots.status != 'deleted'`.execute(
      db,
    );
    return rows[0];
  }

  const networkLimit = dailyLimit * NETWORK_SHARE;
  const limitsOf = (keys: readonly string[]) =>
    keys.map((key) => ({ key, max: key.startsWith(NETWORK_KEY) ? networkLimit : dailyLimit }));
  /**
   * What the visitor has left today: their own count is the highest of their keys, their network's is counted
   * apart. With nothing left, which allowance is used up (their own, when both are).
   */
  const standing = (counts: Map<string, number>): { messagesLeft: number; limitedBy?: MessageLimit } => {
    let personal = 0;
    let network = 0;
    for (const [key, count] of counts) {
      if (key.startsWith(NETWORK_KEY)) network = count;
      else personal = Math.max(personal, count);
    }
    if (personal >= dailyLimit) return { messagesLeft: 0, limitedBy: 'visitor' };
    if (network >= networkLimit) return { messagesLeft: 0, limitedBy: 'network' };
    return { messagesLeft: dailyLimit - personal };
  };

  return {
    /** Who the caller is as a visitor: the signed id they sent (header or cookie) when valid, else a new one. */
    identifyVisitor(input: {
      sentId: string | null;
      address: string;
      userAgent: string | undefined;
    }): Visitor {
      let random = visitors.verify(input.sentId);
      let id = input.sentId ?? '';
      if (random === null) {
        id = visitors.issue();
        random = visitors.verify(id) ?? id;
      }
      return {
        id,
        keys: [
          `v:${random}`,
          `a:${visitors.addressKey(input.address, input.userAgent)}`,
          `${NETWORK_KEY}${visitors.networkKey(input.address)}`,
        ],
      };
    },

    async publicBotInfo(identifier: string, caller: ChatCaller): Promise<PublicBotInfoResponse> {
      const bot = await db
        .selectFrom('bots')
        .select([
          'id',
          'user_id',
          'name',
          'welcome_message',
          'theme_id',
          'image_path',
          'status',
          'generated_questions',
        ])
        .where((eb) => eb.or([eb('id', '=', identifier), eb('share_id', '=', identifier)]))
        .where('status', '!=', 'deleted')
        .executeTakeFirst();
      if (!bot) throw notFound();
      const ready = isChatReady(bot.status);
      const owner = caller.user?.id === bot.user_id;
      return {
        success: true,
        publicBotInfo: {
          botId: bot.id,
          botName: bot.name,
          botImageUrl: bot.image_path ? botAvatarUrl(bot.id, bot.image_path) : null,
          welcomeMessage: sanitizeMarkdown(bot.welcome_message),
          themeId: themeIdOf(bot.theme_id),
          generatedQuestions: ready ? parseQuestions(bot.generated_questions) : [],
          ready,
        },
        ...(owner ? {} : standing(await usage.peek(bot.id, caller.visitor.keys))),
      };
    },

    /** True when the user owns the bot (its id or share id): the widget's flood limit does not apply to them. */
    async ownsBot(identifier: string, user: User): Promise<boolean> {
      const bot = await db
        .selectFrom('bots')
        .select('user_id')
        .where((eb) => eb.or([eb('id', '=', identifier), eb('share_id', '=', identifier)]))
        .where('status', '!=', 'deleted')
        .executeTakeFirst();
      return bot?.user_id === user.id;
    },

    async chat(request: ChatRequest, caller: ChatCaller): Promise<ChatResponse> {
      const bot = await findBot(request.botConfigId);
      if (!bot) throw notFound();
      const owner = caller.user?.id === bot.user_id;
      const visitorFields = owner ? {} : { visitorId: caller.visitor.id };

      if (!isChatReady(bot.status)) {
        // Nothing to answer from yet: a polite word, not counted against the visitor.
        const tone = toneWords(bot.tone);
        const reply =
          bot.status === 'error'
            ? tone.unavailable(deps.supportEmail)
            : tone.notReady(escapeMarkdownText(bot.name));
        const messagesLeft = owner ? {} : standing(await usage.peek(bot.id, caller.visitor.keys));
        return { reply: sanitizeMarkdown(reply), sources: [], ...messagesLeft, ...visitorFields };
      }

      let counts = new Map<string, number>();
      if (!owner) {
        const usageLimits = limitsOf(caller.visitor.keys);
        const consumed = await usage.consume(bot.id, usageLimits);
        if (!consumed.counted) {
          // Refused, and not counted: the notice names the allowance that is used up, never the visitor's count.
          const full = new Map(
            usageLimits.filter((l) => consumed.full.includes(l.key)).map((l) => [l.key, l.max]),
          );
          const { limitedBy = 'visitor' } = standing(full);
          throw new AppError(
            'limitReached',
            messageLimitNotice(limitedBy, deps.supportEmail),
            MESSAGE_LIMIT_REACHED,
            {
              messagesLeft: 0,
              limitedBy,
              ...visitorFields,
            },
          );
        }
        counts = consumed.counts;
      }
      let answer;
      try {
        answer = await engine.answer({
          bot: {
            id: bot.id,
            name: bot.name,
            tone: bot.tone,
            creativity: bot.creativity,
            version: bot.index_version,
            documentName: bot.original_name ?? 'the document',
            // Declines point here, never to an address found in the document.
            contactEmail: effectiveContact(bot, deps.supportEmail),
          },
          message: request.message,
          history: request.history,
          ...(caller.signal ? { signal: caller.signal } : {}),
        });
      } catch (error) {
        // Not answered: the message is given back.
        if (!owner) await usage.refund(bot.id, caller.visitor.keys).catch(() => undefined);
        throw error;
      }
      return {
        reply: answer.reply,
        sources: answer.sources.map((result) => sourceOf(result, owner)),
        ...(owner ? {} : standing(counts)),
        ...visitorFields,
      };
    },

    /** A bot was built: its index is loaded before its first visitor asks (`version`: its new index_version). */
    async warm(botId: string, version: string): Promise<void> {
      await engine.warm(botId, version);
    },

    /** The suggested questions stored at build time (empty while the bot is being built). */
    async questions(identifier: string): Promise<GenerateQuestionsResponse> {
      const bot = await db
        .selectFrom('bots')
        .select(['status', 'generated_questions'])
        .where((eb) => eb.or([eb('id', '=', identifier), eb('share_id', '=', identifier)]))
        .where('status', '!=', 'deleted')
        .executeTakeFirst();
      if (!bot) throw notFound();
      return { questions: isChatReady(bot.status) ? parseQuestions(bot.generated_questions) : [] };
    },
  };
}
export type ChatService = ReturnType<typeof chatService>;

/** Where an answer comes from; the passage itself only for the bot's owner (the owner console shows it). */
function sourceOf(result: SearchResult, owner: boolean): ChatSource {
  const { ordinal, heading, page, text } = result.passage;
  const base = { ordinal, heading, page };
  return owner ? { ...base, text, confidence: Math.round(result.confidence * 100) / 100 } : base;
}

/** Tuning for tests and benchmarks; production uses the defaults. */
export interface ChatOptions {
  /** Messages per bot, per visitor, per day (MESSAGES_PER_DAY). */
  dailyLimit?: number;
  /** The model call's deadline, retry included (20 s). */
  llmTimeoutMs?: number;
  /** Another model client (tests). */
  llm?: LlmClient | null;
  /** Requests per minute per address on the widget's calls (CHAT_RATE_PER_MINUTE); null turns it off. */
  ratePerMinute?: number | null;
}

/** A backstop against floods from one address, far above what the daily limit lets a visitor send. */
export const CHAT_RATE_PER_MINUTE = 60;

/** The chat service with its parts: the answer engine (and model, when configured), counts and visitor ids. */
export function createChatService(deps: {
  config: Pick<Config, 'supportEmail' | 'llm' | 'appSecret' | 'dataDir'>;
  db: Kysely<Database>;
  logger?: { warn(details: object, message: string): void };
  options?: ChatOptions;
}): ChatService {
  const { config, db, options = {} } = deps;
  const llm =
    options.llm !== undefined
      ? options.llm
      : config.llm
        ? openAiCompatibleClient(config.llm, options.llmTimeoutMs ? { timeoutMs: options.llmTimeoutMs } : {})
        : null;
  const engine = answerEngine({
    readIndex: botIndexReader(db),
    supportEmail: config.supportEmail,
    llm,
    ...(deps.logger ? { logger: deps.logger } : {}),
  });
  return chatService({
    db,
    usage: chatUsageService(db),
    visitors: visitorIdentity(appSecretFor(config)),
    engine,
    supportEmail: config.supportEmail,
    ...(options.dailyLimit !== undefined ? { dailyLimit: options.dailyLimit } : {}),
  });
}
