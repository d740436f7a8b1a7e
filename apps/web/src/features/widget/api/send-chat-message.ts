import { WIDGET_API } from '@vuxo/shared/api';
import { CHAT_STREAM_TYPE } from '@vuxo/shared/chat';
import type { ChatResponse, ChatSource } from '@vuxo/shared/chat-replies';
import type { MessageLimit } from '@vuxo/shared/limits';
import { WIDGET_MSG } from '@vuxo/shared/messages';
import type { HistoryItem } from '@vuxo/shared/schemas';
import { loadReplySchemas } from './load-reply-schemas';
import type * as ReplySchemas from './reply-schemas';
import { rememberVisitorId, widgetAnswer, type WidgetCaller } from './widget-request';

export interface ChatAnswer {
  /** Null when the server sent no reply text (the widget then shows 'Sorry, something went wrong.'). */
  reply: string | null;
  /** Null when the server gave no count (the owner, or a streamed reply that never finished). */
  messagesLeft: number | null;
  /** With none left: which daily allowance is used up. */
  limitedBy: MessageLimit | null;
  sources: ChatSource[];
  /** The bot declined the question: the widget offers the visitor a way back to the business. */
  declined: boolean;
  /** The bot gave the closest it found and said so (issue 44): the widget offers the way back, as for a decline. */
  unsure: boolean;
  /** The answer's id, for the visitor's feedback (absent for the owner's tests). */
  messageId: string | null;
  /** A streamed reply that did not finish: the note under what arrived (cut off, or stopped by the visitor). */
  note: string | null;
  /** The owner holds the conversation (issue 47): the message went to them, and there is no reply. */
  held?: boolean;
}

export interface ChatMessageOptions {
  /** The reply so far, each time more of a streamed reply arrives. */
  onText?: (text: string) => void;
  /** Stops the reply: what arrived is kept, with WIDGET_MSG.replyStopped. */
  signal?: AbortSignal;
}

function answerOf(
  reply: string,
  fields: Omit<ChatResponse, 'reply'> | null,
  note: string | null,
): ChatAnswer {
  return {
    reply: reply.trim() !== '' ? reply : null,
    messagesLeft: fields?.messagesLeft ?? null,
    limitedBy: fields?.limitedBy ?? null,
    sources: fields?.sources ?? [],
    declined: !!fields?.declined,
    unsure: fields?.confidence === 'unsure',
    messageId: fields?.messageId ?? null,
    note,
    ...(fields?.held ? { held: true } : {}),
  };
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}

/**
 * A streamed reply (`@vuxo/shared/chat-stream`): JSON lines read as they arrive, the text so far handed to
 * onText. It ends with `done` (the finished reply), `cut` (the model stopped: what arrived, with the server's
 * note), a broken connection (what arrived, WIDGET_MSG.replyCut) or the visitor's stop (WIDGET_MSG.replyStopped).
 */
async function readStream(
  stream: ReadableStream<Uint8Array>,
  caller: WidgetCaller,
  options: ChatMessageOptions,
  { readReply, chatStreamEventSchema }: typeof ReplySchemas,
): Promise<ChatAnswer> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let shown = '';
  let pending = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      pending += decoder.decode(value, { stream: !done });
      // Whole lines only: the last piece waits for the rest of its line (all of it at the end).
      const lines = pending.split('\n');
      pending = done ? '' : (lines.pop() ?? '');
      for (const line of lines) {
        const event = readReply(chatStreamEventSchema, parseLine(line));
        if (!event) continue;
        if (event.type === 'done' || event.type === 'cut') {
          rememberVisitorId(caller.visitorKeys, event.visitorId);
          return event.type === 'done'
            ? answerOf(event.reply, event, null)
            : answerOf(shown, event, event.error);
        }
        shown = event.type === 'text' ? shown + event.text : event.text;
        options.onText?.(shown);
      }
      if (done) break;
    }
  } catch {
    // The connection broke, or the visitor stopped the reply: what arrived stays.
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  return answerOf(shown, null, options.signal?.aborted ? WIDGET_MSG.replyStopped : WIDGET_MSG.replyCut);
}

/**
 * POST /api/chat (widget call 2): botConfigId (the bot id, or the share id as a fallback), message and
 * history; the reply, the visitor's messages left and the answer's sources come back, as one JSON reply or,
 * when a language model writes it, streamed (read the content type first: refusals are always JSON).
 */
export async function sendChatMessage(
  caller: WidgetCaller,
  request: { botConfigId: string; message: string; history: HistoryItem[] },
  options: ChatMessageOptions = {},
): Promise<ChatAnswer> {
  const schemas = loadReplySchemas();
  const answer = await widgetAnswer(caller, WIDGET_API.chat, {
    method: 'POST',
    body: request,
    signal: options.signal,
    stream: CHAT_STREAM_TYPE,
  });
  if (answer.stream) return readStream(answer.stream, caller, options, await schemas);
  const { readReply, chatResponseSchema } = await schemas;
  const body = readReply(chatResponseSchema, answer.body);
  return answerOf(body?.reply ?? '', body ?? null, null);
}
