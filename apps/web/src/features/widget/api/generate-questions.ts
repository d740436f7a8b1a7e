import { WIDGET_API } from '@vuxo/shared/api';
import { loadReplySchemas } from './load-reply-schemas';
import { widgetRequest, type WidgetCaller } from './widget-request';

/** POST /api/generate-questions (widget call 3): the questions list is read. */
export async function generateQuestions(caller: WidgetCaller, botId: string): Promise<string[]> {
  const schemas = loadReplySchemas();
  const json = await widgetRequest(caller, WIDGET_API.generateQuestions, { method: 'POST', body: { botId } });
  const { readReply, generateQuestionsResponseSchema } = await schemas;
  const body = readReply(generateQuestionsResponseSchema, json);
  if (!body) throw new Error('Invalid questions data');
  return body.questions.filter((q) => q.trim() !== '');
}
