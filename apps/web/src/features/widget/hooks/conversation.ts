import { CHAT_HISTORY_ITEM_MAX, CHAT_HISTORY_MAX } from '@vuxo/shared/chat';
import { ERROR_CODES } from '@vuxo/shared/error-codes';
import { isMessageLimit } from '@vuxo/shared/limits';
import { WIDGET_MSG } from '@vuxo/shared/messages';
import type { FeedbackVote } from '@vuxo/shared/insights';
import type { HistoryItem } from '@vuxo/shared/schemas';
import { ApiError } from '../../../app/api-client';
import { TYPING_MIN_MS } from '../../../ui-tuning';
import type { ChatAnswer, ChatMessageOptions } from '../api/send-chat-message';
import {
  conversationChanges,
  initialConversationState,
  reducerOf,
  WELCOME_ID,
  type ChatAction,
  type ChatMessage,
  type ConversationState,
} from './chat-state';

/** The bot the conversation talks to: the widget's calls, with the bot id and the caller bound. */
export interface ChatPeer {
  ask(request: { message: string; history: HistoryItem[] }, options: ChatMessageOptions): Promise<ChatAnswer>;
  rate(messageId: string, vote: FeedbackVote): Promise<void>;
}

export interface ConversationOptions {
  supportEmail: string;
  /** The typing indicator's minimum time. */
  typingMs?: number;
}

export interface Conversation {
  state(): ConversationState;
  /** Each change, with its event (the session's other parts, the daily allowance, hear them). */
  subscribe(listener: (event: ChatAction) => void): () => void;
  /** An event from another part of the session (Retry clears the send error). */
  hear(event: ChatAction): void;
  /** Sends one message (refused without a peer: the bot is unknown); true when a reply came. */
  send(text: string, peer: ChatPeer | null): Promise<boolean>;
  /** Stops the reply being streamed: what arrived stays, with a note. */
  stop(): void;
  /** Rates a bot answer that has an answerId, once: shown at once, given back if the server did not take it. */
  rate(message: ChatMessage, vote: FeedbackVote, peer: ChatPeer | null): void;
}

let sequence = 0;
const newId = () => `m${Date.now().toString(36)}${(sequence++).toString(36)}`;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
const reduce = reducerOf(conversationChanges);

/** The history sent with a message: the welcome and unanswered messages left out. */
function historyOf(messages: ChatMessage[]): HistoryItem[] {
  return messages
    .filter((m) => m.id !== WELCOME_ID && !m.failed)
    .slice(-CHAT_HISTORY_MAX)
    .map((m) => ({
      role: m.position === 'right' ? 'user' : 'assistant',
      content: m.text.slice(0, CHAT_HISTORY_ITEM_MAX),
    }));
}

/** The reply as shown: the server's text, its sources, and an answer id only for a finished reply (rated). */
function replyOf(id: string, answer: ChatAnswer): ChatMessage {
  return {
    id,
    position: 'left',
    text: answer.reply ?? WIDGET_MSG.missingReply,
    date: new Date(),
    sources: answer.sources,
    declined: answer.declined,
    ...(answer.unsure ? { unsure: true } : {}),
    ...(answer.messageId && !answer.note ? { answerId: answer.messageId } : {}),
    ...(answer.note ? { note: answer.note } : {}),
  };
}

/**
 * One conversation with one bot, without React: sending with the typing indicator's minimum time, the reply
 * streamed in parts, Stop, the send error, and the visitor's ratings.
 */
export function createConversation({
  supportEmail,
  typingMs = TYPING_MIN_MS,
}: ConversationOptions): Conversation {
  let state = initialConversationState;
  let stopper: AbortController | null = null;
  const listeners = new Set<(event: ChatAction) => void>();
  const emit = (event: ChatAction) => {
    const next = reduce(state, event);
    if (next === state) return;
    state = next;
    listeners.forEach((listener) => listener(event));
  };

  async function send(raw: string, peer: ChatPeer | null): Promise<boolean> {
    const text = raw.trim();
    if (!text || state.sending) return false;
    if (!peer) {
      emit({ type: 'refused', error: WIDGET_MSG.notConfigured(supportEmail) });
      return false;
    }
    const message: ChatMessage = { id: newId(), position: 'right', text, date: new Date() };
    const history = historyOf(state.messages);
    emit({ type: 'sent', message });
    const started = Date.now();
    const replyId = newId();
    const controller = new AbortController();
    stopper = controller;
    try {
      const onText = (shown: string) =>
        emit({
          type: 'streamed',
          message: { id: replyId, position: 'left', text: shown, date: new Date(), streaming: true },
        });
      const [answer] = await Promise.all([
        peer.ask({ message: text, history }, { signal: controller.signal, onText }),
        wait(typingMs),
      ]);
      const { messagesLeft, limitedBy } = answer;
      if (answer.held) emit({ type: 'delivered', messagesLeft, limitedBy });
      else emit({ type: 'answered', message: replyOf(replyId, answer), messagesLeft, limitedBy });
      return true;
    } catch (error) {
      await wait(typingMs - (Date.now() - started));
      const limit =
        error instanceof ApiError && error.status === 429 && error.code === ERROR_CODES.messageLimitReached;
      emit({
        type: 'sendFailed',
        id: message.id,
        error: limit ? null : WIDGET_MSG.sendFailed(supportEmail),
        limitReached: limit,
        limitedBy: limit && isMessageLimit(error.body?.limitedBy) ? error.body.limitedBy : null,
      });
      return false;
    } finally {
      stopper = null;
    }
  }

  function rate(message: ChatMessage, vote: FeedbackVote, peer: ChatPeer | null): void {
    if (!message.answerId || message.vote || !peer) return;
    emit({ type: 'voted', id: message.id, vote });
    peer.rate(message.answerId, vote).catch((error: unknown) => {
      // Already rated (from another tab): the rating stands. Anything else: the buttons come back.
      if (!(error instanceof ApiError && error.status === 409)) {
        emit({ type: 'voted', id: message.id, vote: undefined });
      }
    });
  }

  return {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    hear: emit,
    send,
    stop: () => stopper?.abort(),
    rate,
  };
}
