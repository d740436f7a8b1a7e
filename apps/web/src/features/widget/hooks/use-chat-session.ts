import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { CHAT_HISTORY_ITEM_MAX, CHAT_HISTORY_MAX } from '@vuxo/shared/chat';
import { ERROR_CODES } from '@vuxo/shared/error-codes';
import { MAX_RETRIES, MESSAGES_PER_DAY, isMessageLimit } from '@vuxo/shared/limits';
import { WIDGET_MSG, messageLimitNotice } from '@vuxo/shared/messages';
import type { FeedbackVote } from '@vuxo/shared/insights';
import type { HistoryItem } from '@vuxo/shared/schemas';
import { TYPING_MIN_MS } from '../../../ui-tuning';
import { generateQuestions } from '../api/generate-questions';
import { getPublicBotInfo } from '../api/get-public-bot-info';
import { sendChatMessage } from '../api/send-chat-message';
import { sendChatFeedback } from '../api/send-chat-feedback';
import { ApiError } from '../../../app/api-client';
import type { WidgetCaller } from '../api/widget-request';
import { widgetConfig } from '../widget-config';
import { chatReducer, initialChatState, WELCOME_ID, type BotInfoView, type ChatMessage } from './chat-state';
import { bumpDailyCount, readDailyCount } from './daily-count';

/** visitor: the widget and the public chat (daily limit); owner: the owner console (signed in, no limit). */
export type ChatMode = 'visitor' | 'owner';

export interface ChatSessionOptions {
  /** The share id (/embed) or bot id (/public-chat, the owner console); null when the address has none. */
  identifier: string | null;
  mode: ChatMode;
  /** The owner console's identity token (force-refreshed by the caller). */
  getToken?: () => Promise<string>;
  /** Called when a reply arrives (the widget plays its sound). */
  onReply?: () => void;
}

export interface ChatSession {
  status: 'loading' | 'loaded' | 'failed';
  info: BotInfoView;
  /** The welcome message (id welcome) followed by the conversation. */
  messages: ChatMessage[];
  sending: boolean;
  /** A reply is arriving word by word (it can be stopped). */
  streaming: boolean;
  questions: string[];
  questionsError: string | null;
  /** The error banner's text (with Retry and Refresh), if any. */
  error: string | null;
  /** Retry is spent: the banner shows the maximum-retries message. */
  retriesExhausted: boolean;
  /** Null when no daily limit applies (the owner console). */
  messagesLeft: number | null;
  limitReached: boolean;
  /** The notice at the limit: the visitor's own allowance (the product's words) or their network's. */
  limitNotice: string | null;
  canSend: boolean;
  placeholder: string;
  send: (text: string) => Promise<boolean>;
  /** Stops the reply being streamed: what arrived stays, with a note. */
  stop: () => void;
  /** Rates a bot answer that has an answerId, once. */
  rate: (message: ChatMessage, vote: FeedbackVote) => void;
  retry: () => void;
}

let sequence = 0;
const newId = () => `m${Date.now().toString(36)}${(sequence++).toString(36)}`;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

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

/** The calls' identity: the visitor id's storage keys, and the owner's token when signed in. */
function callerFor(keys: (string | null)[], getToken: (() => Promise<string>) | null): WidgetCaller {
  const visitorKeys = keys.filter((key, i): key is string => !!key && keys.indexOf(key) === i);
  return getToken ? { visitorKeys, getToken } : { visitorKeys };
}

/** Why the bot info failed, for 'Failed to load bot details: <reason>. …' (no doubled full stop). */
function reasonOf(error: unknown): string {
  const text = error instanceof Error && error.message ? error.message : 'Unknown error';
  return text.trim().replace(/[.\s]+$/, '');
}

/**
 * One chat with one bot (chat widget): loading the bot info with its fallback,
 * the welcome message, suggested questions with their retries, sending with the typing indicator's minimum
 * time, the daily counter (the server's count first), the error banner and its limited retries.
 */
export function useChatSession({ identifier, mode, getToken, onReply }: ChatSessionOptions): ChatSession {
  const { supportEmail } = widgetConfig();
  const [state, dispatch] = useReducer(chatReducer, identifier, (id) =>
    initialChatState(id ? null : WIDGET_MSG.noIdentifier(supportEmail), id ? readDailyCount(id) : 0),
  );

  // The latest callbacks, without restarting the calls that use them.
  const callbacks = useRef({ getToken, onReply });
  useEffect(() => {
    callbacks.current = { getToken, onReply };
  });
  const ownerToken = useCallback(() => {
    const get = callbacks.current.getToken;
    return get ? get() : Promise.reject(new Error('Sign-in required'));
  }, []);
  const stopper = useRef<AbortController | null>(null);
  const owner = mode === 'owner';
  const botId = state.info.botId;

  // Bot info: on first show and on every Retry.
  useEffect(() => {
    if (!identifier) return;
    const controller = new AbortController();
    getPublicBotInfo(callerFor([identifier], owner ? ownerToken : null), identifier, controller.signal).then(
      ({ info, messagesLeft, limitedBy }) =>
        dispatch({
          type: 'infoLoaded',
          info,
          messagesLeft,
          limitedBy,
          localCount: readDailyCount(info.botId),
          at: new Date(),
        }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        dispatch({
          type: 'infoFailed',
          error: WIDGET_MSG.loadFailed(reasonOf(error), supportEmail),
          at: new Date(),
        });
      },
    );
    return () => controller.abort();
  }, [identifier, owner, ownerToken, state.loadKey, supportEmail]);

  // Suggested questions, generated once the info has loaded without any (3 attempts).
  const { questionsStatus, questionsAttempts } = state;
  useEffect(() => {
    if (questionsStatus !== 'pending' || !botId) return;
    let live = true;
    generateQuestions(callerFor([identifier, botId], owner ? ownerToken : null), botId).then(
      (questions) => live && dispatch({ type: 'questionsLoaded', questions }),
      () => {
        if (!live) return;
        const attempt = questionsAttempts + 1;
        const final = attempt >= MAX_RETRIES;
        dispatch({
          type: 'questionsFailed',
          final,
          error: final
            ? WIDGET_MSG.suggestionsMaxRetries(supportEmail)
            : WIDGET_MSG.suggestionsFailed(attempt, supportEmail),
        });
      },
    );
    return () => {
      live = false;
    };
  }, [questionsStatus, questionsAttempts, identifier, botId, owner, ownerToken, supportEmail]);

  useEffect(() => {
    if (questionsStatus !== 'waiting') return;
    const timer = setTimeout(() => dispatch({ type: 'questionsRetry' }), 1500 * questionsAttempts);
    return () => clearTimeout(timer);
  }, [questionsStatus, questionsAttempts]);

  const limited = !owner || state.serverLeft !== null;
  const messagesLeft = limited
    ? (state.serverLeft ?? Math.max(0, MESSAGES_PER_DAY - state.localCount))
    : null;
  const limitReached = messagesLeft !== null && messagesLeft <= 0;
  const canSend = state.status === 'loaded' && !!botId && state.info.ready && !state.sending && !limitReached;

  const send = useCallback(
    async (raw: string): Promise<boolean> => {
      const text = raw.trim();
      if (!text || state.sending || limitReached) return false;
      if (!botId) {
        dispatch({ type: 'refused', error: WIDGET_MSG.notConfigured(supportEmail) });
        return false;
      }
      const message: ChatMessage = { id: newId(), position: 'right', text, date: new Date() };
      const history = historyOf(state.messages);
      dispatch({ type: 'sent', message });
      const started = Date.now();
      const replyId = newId();
      const controller = new AbortController();
      stopper.current = controller;
      try {
        const [answer] = await Promise.all([
          sendChatMessage(
            callerFor([identifier, botId], owner ? ownerToken : null),
            { botConfigId: botId, message: text, history },
            {
              signal: controller.signal,
              onText: (shown) =>
                dispatch({
                  type: 'streamed',
                  message: { id: replyId, position: 'left', text: shown, date: new Date(), streaming: true },
                }),
            },
          ),
          wait(TYPING_MIN_MS),
        ]);
        // A reply that did not finish brings no count, but the server counted the message: one fewer left.
        const left = answer.note && state.serverLeft !== null ? Math.max(0, state.serverLeft - 1) : null;
        dispatch({
          type: 'answered',
          message: {
            id: replyId,
            position: 'left',
            text: answer.reply ?? WIDGET_MSG.missingReply,
            date: new Date(),
            sources: answer.sources,
            // Only a finished reply is rated.
            ...(answer.messageId && !answer.note ? { answerId: answer.messageId } : {}),
            ...(answer.note ? { note: answer.note } : {}),
          },
          messagesLeft: answer.messagesLeft ?? left,
          limitedBy: answer.limitedBy,
          localCount: owner ? state.localCount : bumpDailyCount(botId),
        });
        callbacks.current.onReply?.();
        return true;
      } catch (error) {
        await wait(TYPING_MIN_MS - (Date.now() - started));
        const limit =
          error instanceof ApiError && error.status === 429 && error.code === ERROR_CODES.messageLimitReached;
        dispatch({
          type: 'sendFailed',
          id: message.id,
          error: limit ? null : WIDGET_MSG.sendFailed(supportEmail),
          limitReached: limit,
          limitedBy: limit && isMessageLimit(error.body?.limitedBy) ? error.body.limitedBy : null,
        });
        return false;
      } finally {
        stopper.current = null;
      }
    },
    [
      botId,
      identifier,
      limitReached,
      owner,
      ownerToken,
      state.localCount,
      state.serverLeft,
      state.messages,
      state.sending,
      supportEmail,
    ],
  );

  const stop = useCallback(() => stopper.current?.abort(), []);

  /** The visitor rates an answer: shown at once, given back if the server did not take it. */
  const rate = useCallback(
    (message: ChatMessage, vote: FeedbackVote) => {
      if (!message.answerId || message.vote || !botId) return;
      dispatch({ type: 'voted', id: message.id, vote });
      sendChatFeedback(callerFor([identifier, botId], null), {
        botConfigId: botId,
        messageId: message.answerId,
        vote,
      }).catch((error: unknown) => {
        // Already rated (from another tab): the rating stands. Anything else: the buttons come back.
        if (!(error instanceof ApiError && error.status === 409)) {
          dispatch({ type: 'voted', id: message.id, vote: undefined });
        }
      });
    },
    [botId, identifier],
  );

  const retry = useCallback(() => {
    if (state.retries >= MAX_RETRIES) {
      dispatch({ type: 'maxRetries', error: WIDGET_MSG.maxRetries(supportEmail) });
      return;
    }
    dispatch({ type: 'retry' });
    if (!identifier) {
      dispatch({ type: 'infoFailed', error: WIDGET_MSG.noIdentifier(supportEmail), at: new Date() });
    }
  }, [identifier, state.retries, supportEmail]);

  const messages = useMemo(() => {
    if (!state.welcomeAt) return state.messages;
    const { welcomeMessage, botName } = state.info;
    const welcome: ChatMessage = {
      id: WELCOME_ID,
      position: 'left',
      text: welcomeMessage.trim() || `Hello! I’m ${botName}. How can I help you today?`,
      date: state.welcomeAt,
    };
    return [welcome, ...state.messages];
  }, [state.welcomeAt, state.info, state.messages]);

  const placeholder = limitReached
    ? WIDGET_MSG.limitPlaceholder
    : state.status !== 'loading' && !botId
      ? WIDGET_MSG.notConfiguredPlaceholder
      : WIDGET_MSG.placeholder;

  return {
    status: state.status,
    info: state.info,
    messages,
    sending: state.sending,
    streaming: state.messages[state.messages.length - 1]?.streaming === true,
    questions: state.questions,
    questionsError: state.questionsError,
    error: state.maxRetriesError ?? state.sendError ?? state.infoError,
    retriesExhausted: state.maxRetriesError !== null,
    messagesLeft,
    limitReached,
    limitNotice: limitReached ? messageLimitNotice(state.limitedBy ?? 'visitor', supportEmail) : null,
    canSend,
    placeholder,
    send,
    stop,
    rate,
    retry,
  };
}
