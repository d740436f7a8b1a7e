import { useEffect, useMemo, useRef, useState } from 'react';
import { WIDGET_MSG } from '@vuxo/shared/messages';
import type { FeedbackVote } from '@vuxo/shared/insights';
import { sendChatFeedback } from '../api/send-chat-feedback';
import { widgetConfig } from '../widget-config';
import type { BotInfoView, ChatAction, ChatMessage } from './chat-state';
import type { ChatPeer } from './conversation';
import { useBotInfo } from './use-bot-info';
import { useConversation } from './use-conversation';
import { useDailyAllowance } from './use-daily-allowance';
import { useSuggestedQuestions } from './use-suggested-questions';
import { useWidgetCaller, type ChatMode } from './use-widget-caller';

export type { ChatMode } from './use-widget-caller';

/** Sending, with reading a streamed reply: loaded once the bot is known, not before the chat's first paint. */
const loadSender = () => import('../api/send-chat-message');
/** The live chunk (the request offer's "person first" loads the same one). */
const loadLive = () => import('../live/live-first');

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
  /** A message of the live conversation (issue 47), added once. */
  receive?: (message: ChatMessage) => void;
}

/**
 * One chat with one bot (the widget, the public chat page, the owner console), in four parts with their own
 * life cycles: the bot info with its retries, the suggested questions with theirs, the daily allowance, and
 * the conversation (conversation.ts, no React). The parts hear one another's events (chat-state.ts).
 */
export function useChatSession({ identifier, mode, getToken, onReply }: ChatSessionOptions): ChatSession {
  const { supportEmail } = widgetConfig();
  const callerFor = useWidgetCaller(mode, getToken);
  const others = useRef<(event: ChatAction) => void>(() => undefined);
  const [held, setHeld] = useState(false);
  const bot = useBotInfo(identifier, callerFor, supportEmail, others);
  const botId = bot.info.botId;
  const questions = useSuggestedQuestions(identifier, botId, callerFor, supportEmail);
  const allowance = useDailyAllowance(identifier, mode, botId, supportEmail);
  const chat = useConversation(supportEmail, (event) => {
    allowance.hear(event);
    if (event.type === 'answered') onReply?.();
    if (event.type === 'delivered') setHeld(true);
  });
  const { conversation } = chat;
  // Held by the owner, maybe with no live stream in this page (it was reloaded): the owner's replies are listened
  // for from here, in the lazy live chunk (issue 47); a stream the request offer opened is reused.
  useEffect(() => {
    if (!held || !botId || mode !== 'visitor') return;
    void loadLive()
      .then((live) =>
        live.connectLive(botId, null, (message) => conversation.hear({ type: 'live', message })),
      )
      .catch(() => undefined);
  }, [held, botId, mode, conversation]);
  const { limitReached } = allowance;
  // The bot info's events (loaded, failed, Retry) reach the other three parts.
  useEffect(() => {
    others.current = (event) => {
      questions.hear(event);
      allowance.hear(event);
      conversation.hear(event);
    };
  });

  useEffect(() => {
    if (botId) void loadSender().catch(() => undefined);
  }, [botId]);
  const peer = useMemo((): ChatPeer | null => {
    if (!botId) return null;
    const keys = [identifier, botId];
    return {
      ask: async ({ message, history }, options) =>
        (await loadSender()).sendChatMessage(
          callerFor(keys),
          { botConfigId: botId, message, history },
          options,
        ),
      rate: (messageId, vote) =>
        sendChatFeedback(callerFor(keys, false), { botConfigId: botId, messageId, vote }),
    };
  }, [botId, callerFor, identifier]);

  const messages = useMemo(
    () => (bot.welcome ? [bot.welcome, ...chat.messages] : chat.messages),
    [bot.welcome, chat.messages],
  );
  const placeholder = limitReached
    ? WIDGET_MSG.limitPlaceholder
    : bot.status !== 'loading' && !botId
      ? WIDGET_MSG.notConfiguredPlaceholder
      : WIDGET_MSG.placeholder;

  return {
    status: bot.status,
    info: bot.info,
    messages,
    sending: chat.sending,
    streaming: chat.messages[chat.messages.length - 1]?.streaming === true,
    questions: questions.questions,
    questionsError: questions.error,
    error: bot.maxRetriesError ?? chat.sendError ?? bot.infoError,
    retriesExhausted: bot.maxRetriesError !== null,
    messagesLeft: allowance.messagesLeft,
    limitReached,
    limitNotice: allowance.notice,
    canSend: bot.status === 'loaded' && !!botId && bot.info.ready && !chat.sending && !limitReached,
    placeholder,
    send: async (text: string) => !limitReached && conversation.send(text, peer),
    stop: conversation.stop,
    rate: (message: ChatMessage, vote: FeedbackVote) => conversation.rate(message, vote, peer),
    retry: bot.retry,
    receive: (message: ChatMessage) => conversation.hear({ type: 'live', message }),
  };
}
