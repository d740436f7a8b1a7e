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
  /** A bot reply that declined the question (the server says so): the request offer follows it. */
  declined?: boolean;
  /** A bot reply that is the closest it found, said so (issue 44): the request offer follows it too. */
  unsure?: boolean;
  /** A visitor's message the server never answered (left out of the history). */
  failed?: boolean;
  /** The server's id of a bot answer the visitor may rate, and their rating once given. */
  answerId?: string;
  vote?: FeedbackVote;
  /** A bot reply still arriving (streamed). */
  streaming?: boolean;
  /** Under a reply that did not finish: cut off, or stopped by the visitor. */
  note?: string;
  /** A person's message (issue 47): the owner's display name, shown with it instead of the bot's. */
  author?: string;
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

/** The bot info (use-bot-info.ts): loaded on first show and on every Retry of the error banner. */
export interface InfoState {
  status: 'loading' | 'loaded' | 'failed';
  /** Bumped on every (re)load of the bot info. */
  loadKey: number;
  info: BotInfoView;
  welcomeAt: Date | null;
  infoError: string | null;
  /** Retries used from the error banner (at most MAX_RETRIES). */
  retries: number;
  maxRetriesError: string | null;
}

/** The suggested questions (use-suggested-questions.ts), generated when the bot info came without any. */
export interface QuestionsState {
  questions: string[];
  questionsStatus: QuestionsStatus;
  questionsAttempts: number;
  questionsError: string | null;
}

/** The daily allowance (use-daily-allowance.ts). */
export interface AllowanceState {
  /** The server's count of messages left today, when it gave one. */
  serverLeft: number | null;
  /** Which daily allowance the server says is used up (the notice names it); null when it has not said. */
  limitedBy: MessageLimit | null;
  /** This browser's count today (messageCount_{id}). */
  localCount: number;
}

/** The conversation (conversation.ts). */
export interface ConversationState {
  messages: ChatMessage[];
  sending: boolean;
  sendError: string | null;
}

/** The whole session: each part keeps its own slice, and hears the events of the others. */
export type ChatState = InfoState & QuestionsState & AllowanceState & ConversationState;

/** The session's events. Each part applies the ones about its slice and ignores the rest. */
export type ChatAction =
  | {
      type: 'infoLoaded';
      info: PublicBotInfo;
      messagesLeft: number | null;
      limitedBy?: MessageLimit | null;
      /** This browser's count for the bot (the daily allowance reads it). */
      localCount?: number;
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
      /** This browser's count after the answer (the daily allowance counts it, for a visitor). */
      localCount?: number;
    }
  | {
      type: 'sendFailed';
      id: string;
      error: string | null;
      limitReached: boolean;
      limitedBy?: MessageLimit | null;
    }
  /** The owner holds the conversation (issue 47): the message reached them, and the bot says nothing. */
  | { type: 'delivered'; messagesLeft: number | null; limitedBy?: MessageLimit | null }
  /** A message of the live conversation (the owner's), once whatever the stream sends again. */
  | { type: 'live'; message: ChatMessage }
  | { type: 'refused'; error: string }
  | { type: 'voted'; id: string; vote: FeedbackVote | undefined }
  | { type: 'questionsRetry' }
  | { type: 'questionsLoaded'; questions: string[] }
  | { type: 'questionsFailed'; error: string; final: boolean };

/** What an event changes in one slice (null: nothing). */
export type Changes<S> = (state: S, action: ChatAction) => Partial<S> | null;

/** A slice's reducer, for useReducer or a plain object. */
export const reducerOf =
  <S>(changes: Changes<S>) =>
  (state: S, action: ChatAction): S => {
    const changed = changes(state, action);
    return changed ? { ...state, ...changed } : state;
  };

export function initialInfoState(identifierError: string | null): InfoState {
  return {
    status: identifierError ? 'failed' : 'loading',
    loadKey: 0,
    info: DEFAULT_BOT_INFO,
    welcomeAt: identifierError ? new Date() : null,
    infoError: identifierError,
    retries: 0,
    maxRetriesError: null,
  };
}

export const initialQuestionsState: QuestionsState = {
  questions: [],
  questionsStatus: 'idle',
  questionsAttempts: 0,
  questionsError: null,
};

export const initialConversationState: ConversationState = { messages: [], sending: false, sendError: null };

export const infoChanges: Changes<InfoState> = (state, action) => {
  switch (action.type) {
    case 'infoLoaded':
      return {
        status: 'loaded',
        info: action.info,
        welcomeAt: state.welcomeAt ?? action.at,
        infoError: null,
      };
    case 'infoFailed':
      return {
        status: 'failed',
        info: DEFAULT_BOT_INFO,
        welcomeAt: state.welcomeAt ?? action.at,
        infoError: action.error,
      };
    case 'retry':
      return {
        status: 'loading',
        loadKey: state.loadKey + 1,
        retries: Math.min(MAX_RETRIES, state.retries + 1),
        infoError: null,
        maxRetriesError: null,
      };
    case 'maxRetries':
      return { maxRetriesError: action.error };
    default:
      return null;
  }
};

export const questionsChanges: Changes<QuestionsState> = (state, action) => {
  switch (action.type) {
    case 'infoLoaded': {
      const needsQuestions = action.info.ready && action.info.generatedQuestions.length === 0;
      return {
        questions: action.info.generatedQuestions,
        questionsStatus: needsQuestions ? 'pending' : 'idle',
        questionsAttempts: 0,
        questionsError: null,
      };
    }
    case 'infoFailed':
      return { questions: [], questionsStatus: 'idle' };
    case 'retry':
      return { questionsError: null };
    case 'questionsRetry':
      return state.questionsStatus === 'waiting' ? { questionsStatus: 'pending' } : null;
    case 'questionsLoaded':
      return { questions: action.questions, questionsStatus: 'done', questionsError: null };
    case 'questionsFailed':
      return {
        questionsAttempts: state.questionsAttempts + 1,
        questionsStatus: action.final ? 'failed' : 'waiting',
        questionsError: action.error,
      };
    default:
      return null;
  }
};

export const allowanceChanges: Changes<AllowanceState> = (state, action) => {
  switch (action.type) {
    case 'delivered':
      return { serverLeft: action.messagesLeft ?? state.serverLeft, limitedBy: action.limitedBy ?? null };
    case 'infoLoaded':
    case 'answered': {
      const { serverLeft } = state;
      // A reply that did not finish brings no count, but the server counted the message: one fewer left.
      const stopped = action.type === 'answered' && action.message.note && serverLeft !== null;
      const kept = action.type === 'answered' ? serverLeft : null;
      return {
        serverLeft: action.messagesLeft ?? (stopped ? Math.max(0, serverLeft - 1) : kept),
        limitedBy: action.limitedBy ?? null,
        localCount: action.localCount ?? state.localCount,
      };
    }
    case 'sendFailed':
      return action.limitReached ? { serverLeft: 0, limitedBy: action.limitedBy ?? state.limitedBy } : null;
    default:
      return null;
  }
};

/** A bot reply added, or in place of the streamed reply with its id (always the last message). */
const withReply = (messages: ChatMessage[], reply: ChatMessage) => [
  ...messages.filter((m) => m.id !== reply.id),
  reply,
];

export const conversationChanges: Changes<ConversationState> = (state, action) => {
  switch (action.type) {
    case 'sent':
      return { messages: [...state.messages, action.message], sending: true, sendError: null };
    case 'streamed':
      return { messages: withReply(state.messages, action.message) };
    case 'answered':
      return { messages: withReply(state.messages, action.message), sending: false };
    case 'delivered':
      return { sending: false };
    case 'live':
      return state.messages.some((m) => m.id === action.message.id)
        ? null
        : { messages: [...state.messages, action.message] };
    case 'voted':
      return { messages: state.messages.map((m) => (m.id === action.id ? { ...m, vote: action.vote } : m)) };
    case 'sendFailed':
      return {
        sending: false,
        messages: state.messages.map((m) => (m.id === action.id ? { ...m, failed: true } : m)),
        sendError: action.error,
      };
    case 'refused':
      return { sendError: action.error };
    case 'retry':
      return { sendError: null };
    default:
      return null;
  }
};

export function initialChatState(identifierError: string | null, localCount: number): ChatState {
  return {
    ...initialInfoState(identifierError),
    ...initialQuestionsState,
    serverLeft: null,
    limitedBy: null,
    localCount,
    ...initialConversationState,
  };
}

/** The whole session as one pure function: every event applied to the four slices, as the parts do. */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  return {
    ...state,
    ...infoChanges(state, action),
    ...questionsChanges(state, action),
    ...allowanceChanges(state, action),
    ...conversationChanges(state, action),
  };
}
