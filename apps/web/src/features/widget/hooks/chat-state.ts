import { DEFAULT_THEME } from '@vuxo/shared/chat';
import { MAX_RETRIES, type MessageLimit } from '@vuxo/shared/limits';
import { WIDGET_MSG } from '@vuxo/shared/messages';
import type { ChatSource, PublicBotInfo } from '@vuxo/shared/chat-replies';
import type { FeedbackVote } from '@vuxo/shared/insights';

/** A chat message: left is the bot, right the visitor. */
export interface ChatMessage {
  id: string;
  position: 'left' | 'right';
  text: string;
  date: Date;
  sources?: ChatSource[];
  /** A visitor's message the server never answered (left out of the history). */
  failed?: boolean;
  /** The server's id of a bot answer the visitor may rate, and their rating once given. */
  answerId?: string;
  vote?: FeedbackVote;
  /** A bot reply still arriving (streamed). */
  streaming?: boolean;
  /** Under a reply that did not finish: cut off, or stopped by the visitor. */
  note?: string;
}

export const WELCOME_ID = 'welcome';

/** The bot as the chat shows it; botId is null while unknown (then sending is refused). */
export type BotInfoView = Omit<PublicBotInfo, 'botId'> & { botId: string | null };

/** The fallback when loading fails. */
export const DEFAULT_BOT_INFO: BotInfoView = {
  botId: null,
  botName: WIDGET_MSG.defaultName,
  botImageUrl: null,
  welcomeMessage: WIDGET_MSG.defaultWelcome,
  themeId: DEFAULT_THEME,
  generatedQuestions: [],
  ready: false,
};

/** idle: none needed; pending: to fetch now; waiting: a retry is scheduled; done or failed. */
export type QuestionsStatus = 'idle' | 'pending' | 'waiting' | 'done' | 'failed';

export interface ChatState {
  status: 'loading' | 'loaded' | 'failed';
  /** Bumped on every (re)load of the bot info. */
  loadKey: number;
  info: BotInfoView;
  welcomeAt: Date | null;
  infoError: string | null;
  /** Retries used from the error banner (at most MAX_RETRIES). */
  retries: number;
  maxRetriesError: string | null;
  /** The server's count of messages left today, when it gave one. */
  serverLeft: number | null;
  /** Which daily allowance the server says is used up (the notice names it); null when it has not said. */
  limitedBy: MessageLimit | null;
  /** This browser's count today (messageCount_{id}). */
  localCount: number;
  messages: ChatMessage[];
  sending: boolean;
  sendError: string | null;
  questions: string[];
  questionsStatus: QuestionsStatus;
  questionsAttempts: number;
  questionsError: string | null;
}

export type ChatAction =
  | {
      type: 'infoLoaded';
      info: PublicBotInfo;
      messagesLeft: number | null;
      limitedBy?: MessageLimit | null;
      localCount: number;
      at: Date;
    }
  | { type: 'infoFailed'; error: string; at: Date }
  | { type: 'retry' }
  | { type: 'maxRetries'; error: string }
  | { type: 'sent'; message: ChatMessage }
  /** More of a streamed reply: the reply so far (streaming), in place of the last one with its id. */
  | { type: 'streamed'; message: ChatMessage }
  | {
      type: 'answered';
      message: ChatMessage;
      messagesLeft: number | null;
      limitedBy?: MessageLimit | null;
      localCount: number;
    }
  | {
      type: 'sendFailed';
      id: string;
      error: string | null;
      limitReached: boolean;
      limitedBy?: MessageLimit | null;
    }
  | { type: 'refused'; error: string }
  | { type: 'voted'; id: string; vote: FeedbackVote | undefined }
  | { type: 'questionsRetry' }
  | { type: 'questionsLoaded'; questions: string[] }
  | { type: 'questionsFailed'; error: string; final: boolean };

export function initialChatState(identifierError: string | null, localCount: number): ChatState {
  return {
    status: identifierError ? 'failed' : 'loading',
    loadKey: 0,
    info: DEFAULT_BOT_INFO,
    welcomeAt: identifierError ? new Date() : null,
    infoError: identifierError,
    retries: 0,
    maxRetriesError: null,
    serverLeft: null,
    limitedBy: null,
    localCount,
    messages: [],
    sending: false,
    sendError: null,
    questions: [],
    questionsStatus: 'idle',
    questionsAttempts: 0,
    questionsError: null,
  };
}

/** A bot reply added, or in place of the streamed reply with its id (always the last message). */
const withReply = (messages: ChatMessage[], reply: ChatMessage) => [
  ...messages.filter((m) => m.id !== reply.id),
  reply,
];

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'infoLoaded': {
      const needsQuestions = action.info.ready && action.info.generatedQuestions.length === 0;
      return {
        ...state,
        status: 'loaded',
        info: action.info,
        welcomeAt: state.welcomeAt ?? action.at,
        infoError: null,
        serverLeft: action.messagesLeft,
        limitedBy: action.limitedBy ?? null,
        localCount: action.localCount,
        questions: action.info.generatedQuestions,
        questionsStatus: needsQuestions ? 'pending' : 'idle',
        questionsAttempts: 0,
        questionsError: null,
      };
    }
    case 'infoFailed':
      return {
        ...state,
        status: 'failed',
        info: DEFAULT_BOT_INFO,
        welcomeAt: state.welcomeAt ?? action.at,
        infoError: action.error,
        questions: [],
        questionsStatus: 'idle',
      };
    case 'retry':
      return {
        ...state,
        status: 'loading',
        loadKey: state.loadKey + 1,
        retries: Math.min(MAX_RETRIES, state.retries + 1),
        infoError: null,
        sendError: null,
        maxRetriesError: null,
        questionsError: null,
      };
    case 'maxRetries':
      return { ...state, maxRetriesError: action.error };
    case 'sent':
      return { ...state, messages: [...state.messages, action.message], sending: true, sendError: null };
    case 'streamed':
      return { ...state, messages: withReply(state.messages, action.message) };
    case 'answered':
      return {
        ...state,
        messages: withReply(state.messages, action.message),
        sending: false,
        serverLeft: action.messagesLeft ?? state.serverLeft,
        limitedBy: action.limitedBy ?? null,
        localCount: action.localCount,
      };
    case 'voted':
      return {
        ...state,
        messages: state.messages.map((m) => (m.id === action.id ? { ...m, vote: action.vote } : m)),
      };
    case 'sendFailed':
      return {
        ...state,
        sending: false,
        messages: state.messages.map((m) => (m.id === action.id ? { ...m, failed: true } : m)),
        sendError: action.error,
        serverLeft: action.limitReached ? 0 : state.serverLeft,
        limitedBy: action.limitReached ? (action.limitedBy ?? state.limitedBy) : state.limitedBy,
      };
    case 'refused':
      return { ...state, sendError: action.error };
    case 'questionsRetry':
      return state.questionsStatus === 'waiting' ? { ...state, questionsStatus: 'pending' } : state;
    case 'questionsLoaded':
      return { ...state, questions: action.questions, questionsStatus: 'done', questionsError: null };
    case 'questionsFailed':
      return {
        ...state,
        questionsAttempts: state.questionsAttempts + 1,
        questionsStatus: action.final ? 'failed' : 'waiting',
        questionsError: action.error,
      };
  }
}
