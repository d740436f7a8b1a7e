import { API, isMessageLimit, type ChatSource, type HistoryItem, type MessageLimit } from '@vuxo/shared';
import { widgetRequest, type WidgetCaller } from './widget-request';

export interface ChatAnswer {
  /** Null when the server sent no reply text (the widget then shows 'Sorry, something went wrong.'). */
  reply: string | null;
  messagesLeft: number | null;
  /** With none left: which daily allowance is used up. */
  limitedBy: MessageLimit | null;
  sources: ChatSource[];
}

/**
 * POST /api/chat (specification, section 7, widget call 2): botConfigId (the bot id, or the share id as a
 * fallback), message and history; the reply, the visitor's messages left and the answer's sources come back.
 */
export async function sendChatMessage(
  caller: WidgetCaller,
  request: { botConfigId: string; message: string; history: HistoryItem[] },
): Promise<ChatAnswer> {
  const body = await widgetRequest<Record<string, unknown>>(caller, API.chat, {
    method: 'POST',
    body: request,
  });
  const sources = Array.isArray(body.sources)
    ? (body.sources as ChatSource[]).filter((source) => source && typeof source === 'object')
    : [];
  const left = body.messagesLeft;
  return {
    reply: typeof body.reply === 'string' && body.reply.trim() !== '' ? body.reply : null,
    messagesLeft: typeof left === 'number' && Number.isFinite(left) ? Math.max(0, left) : null,
    limitedBy: isMessageLimit(body.limitedBy) ? body.limitedBy : null,
    sources,
  };
}
