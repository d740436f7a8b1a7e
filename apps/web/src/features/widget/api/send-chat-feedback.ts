import { WIDGET_API } from '@vuxo/shared/api';
import type { FeedbackVote } from '@vuxo/shared/insights';
import { widgetRequest, type WidgetCaller } from './widget-request';

/** POST /api/chat-feedback: the visitor's thumbs up or down on one answer (once; the server refuses a second). */
export async function sendChatFeedback(
  caller: WidgetCaller,
  request: { botConfigId: string; messageId: string; vote: FeedbackVote },
): Promise<void> {
  await widgetRequest(caller, WIDGET_API.chatFeedback, { method: 'POST', body: request });
}
