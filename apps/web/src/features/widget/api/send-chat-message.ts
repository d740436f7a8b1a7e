import { API } from '@vuxo/shared/api';
import { chatResponseSchema, type ChatSource } from '@vuxo/shared/chat-replies';
import { readReply } from '@vuxo/shared/replies';
import type { MessageLimit } from '@vuxo/shared/limits';
import type { HistoryItem } from '@vuxo/shared/schemas';
import { widgetRequest, type WidgetCaller } from './widget-request';

export interface ChatAnswer {
  /** Null when the server sent no reply text (the widget then shows 'Sorry, something went wrong.'). */
  reply: string | null;
  messagesLeft: number | null;
  /** With none left: which daily allowance is used up. */
  limitedBy: MessageLimit | null;
  sources: ChatSource[];
  /** The answer's id, for the visitor's feedback (absent for the owner's tests). */
  messageId: string | null;
}

/**
 * POST /api/chat (widget call 2): botConfigId (the bot id, or the share id as a
 * fallback), message and history; the reply, the visitor's messages left and the answer's sources come back.
 */
export async function sendChatMessage(
  caller: WidgetCaller,
  request: { botConfigId: string; message: string; history: HistoryItem[] },
): Promise<ChatAnswer> {
  const body = readReply(
    chatResponseSchema,
    await widgetRequest(caller, API.chat, { method: 'POST', body: request }),
  );
  return {
    reply: body && body.reply.trim() !== '' ? body.reply : null,
    messagesLeft: body?.messagesLeft ?? null,
    limitedBy: body?.limitedBy ?? null,
    sources: body?.sources ?? [],
    messageId: body?.messageId ?? null,
  };
}
