import {
  API,
  WIDGET_MSG,
  isMessageLimit,
  themeIdOf,
  type MessageLimit,
  type PublicBotInfo,
} from '@vuxo/shared';
import { widgetRequest, type WidgetCaller } from './widget-request';

export interface BotInfoResult {
  info: PublicBotInfo;
  /** The server's count of messages the visitor has left today; null for the bot's owner. */
  messagesLeft: number | null;
  /** With none left: which daily allowance is used up (the visitor's own or their network's). */
  limitedBy: MessageLimit | null;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * GET /api/public-bot-info?shareId=… (specification, section 7, widget call 1): ok when success is true and
 * publicBotInfo is present, otherwise 'Invalid bot data'.
 */
export async function getPublicBotInfo(
  caller: WidgetCaller,
  identifier: string,
  signal?: AbortSignal,
): Promise<BotInfoResult> {
  const body = await widgetRequest<Record<string, unknown>>(
    caller,
    `${API.publicBotInfo}?shareId=${encodeURIComponent(identifier)}`,
    { method: 'GET', ...(signal ? { signal } : {}) },
  );
  const raw = body.publicBotInfo as Record<string, unknown> | undefined;
  if (body.success !== true || !raw || typeof raw !== 'object' || typeof raw.botId !== 'string') {
    throw new Error(WIDGET_MSG.invalidBotData);
  }
  const info: PublicBotInfo = {
    botId: raw.botId,
    botName: typeof raw.botName === 'string' ? raw.botName : '',
    botImageUrl: typeof raw.botImageUrl === 'string' ? raw.botImageUrl : null,
    welcomeMessage: typeof raw.welcomeMessage === 'string' ? raw.welcomeMessage : '',
    themeId: themeIdOf(typeof raw.themeId === 'string' ? raw.themeId : null),
    generatedQuestions: strings(raw.generatedQuestions),
    ready: raw.ready !== false,
  };
  const left = body.messagesLeft;
  return {
    info,
    messagesLeft: typeof left === 'number' && Number.isFinite(left) ? Math.max(0, left) : null,
    limitedBy: isMessageLimit(body.limitedBy) ? body.limitedBy : null,
  };
}
