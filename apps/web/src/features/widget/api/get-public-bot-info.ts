import { WIDGET_API } from '@vuxo/shared/api';
import type { PublicBotInfo } from '@vuxo/shared/chat-replies';
import type { MessageLimit } from '@vuxo/shared/limits';
import { WIDGET_MSG } from '@vuxo/shared/messages';
import { loadReplySchemas } from './load-reply-schemas';
import { widgetRequest, type WidgetCaller } from './widget-request';

export interface BotInfoResult {
  info: PublicBotInfo;
  /** The server's count of messages the visitor has left today; null for the bot's owner. */
  messagesLeft: number | null;
  /** With none left: which daily allowance is used up (the visitor's own or their network's). */
  limitedBy: MessageLimit | null;
}

/**
 * GET /api/public-bot-info?shareId=… (widget call 1): ok when success is true and
 * publicBotInfo is present, otherwise 'Invalid bot data'.
 */
export async function getPublicBotInfo(
  caller: WidgetCaller,
  identifier: string,
  signal?: AbortSignal,
): Promise<BotInfoResult> {
  const schemas = loadReplySchemas();
  const json = await widgetRequest(
    caller,
    `${WIDGET_API.publicBotInfo}?shareId=${encodeURIComponent(identifier)}`,
    {
      method: 'GET',
      ...(signal ? { signal } : {}),
    },
  );
  const { readReply, publicBotInfoResponseSchema } = await schemas;
  const body = readReply(publicBotInfoResponseSchema, json);
  if (!body) throw new Error(WIDGET_MSG.invalidBotData);
  return {
    info: body.publicBotInfo,
    messagesLeft: body.messagesLeft ?? null,
    limitedBy: body.limitedBy ?? null,
  };
}
