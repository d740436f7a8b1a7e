import { VISITOR_REQUEST_PATH } from '@vuxo/shared/request-api';
import { widgetRequest, type WidgetCaller } from './widget-request';

/** POST /api/visitor-request: the visitor's request to be contacted by the business (decision 068). */
export async function sendVisitorRequest(
  caller: WidgetCaller,
  request: {
    botConfigId: string;
    email: string;
    phone: string;
    name: string;
    question: string;
    consent: boolean;
  },
): Promise<void> {
  await widgetRequest(caller, VISITOR_REQUEST_PATH, { method: 'POST', body: request });
}
