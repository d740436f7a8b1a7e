import { API } from '@vuxo/shared';
import { widgetRequest, type WidgetCaller } from './widget-request';

/** POST /api/generate-questions (specification, section 7, widget call 3): the questions list is read. */
export async function generateQuestions(caller: WidgetCaller, botId: string): Promise<string[]> {
  const body = await widgetRequest<Record<string, unknown>>(caller, API.generateQuestions, {
    method: 'POST',
    body: { botId },
  });
  if (!Array.isArray(body.questions)) throw new Error('Invalid questions data');
  return body.questions.filter((q): q is string => typeof q === 'string' && q.trim() !== '');
}
