import { API } from '@vuxo/shared/api';
import { INSIGHTS_MSG } from '@vuxo/shared/messages';
import {
  conversationsResponseSchema,
  correctionsResponseSchema,
  missedQuestionsResponseSchema,
  botAnalyticsResponseSchema,
  botSourcesResponseSchema,
  botDocumentsResponseSchema,
  botDocumentUploadResponseSchema,
  type BotDocumentsResponse,
  checkUpResponseSchema,
  type CheckUpResponse,
  addBotSourceResponseSchema,
  type BotAnalyticsResponse,
  type BotSourcesResponse,
  saveCorrectionResponseSchema,
  botRequestsResponseSchema,
  botRequestSettingsSchema,
  suggestedQuestionsResponseSchema,
  type SuggestedQuestionsResponse,
  type BotRequestSettings,
  type BotRequestsResponse,
  type ConversationsResponse,
  type Correction,
  type MissedQuestion,
} from '@vuxo/shared/schemas';
import { requestApi } from '../../app/api-client';
import { CALL_TIMEOUT_MS } from '../../ui-tuning';
import { apiRequest, type TokenSource } from '../dashboard';

/** The insights page's calls: each one the owner's, with a fresh token. */
export function insightsApi(getToken: TokenSource, botId: string) {
  const id = encodeURIComponent(botId);
  const failure = INSIGHTS_MSG.requestFailedStatus;
  const download = async (path: string, name: string) => {
    const token = await getToken(true);
    const res = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(failure(res.status));
    const url = URL.createObjectURL(await res.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const post = (path: string, body: object) =>
    apiRequest({ path, method: 'POST', body: { botId, ...body }, getToken, parse: () => true, failure });
  return {
    conversations: (query: { q: string; page: number }): Promise<ConversationsResponse> =>
      apiRequest({
        path: `${API.botConversations}?botId=${id}&page=${query.page}${query.q ? `&q=${encodeURIComponent(query.q)}` : ''}`,
        getToken,
        parse: (json) => conversationsResponseSchema.safeParse(json).data,
        failure,
      }),
    missed: (): Promise<MissedQuestion[]> =>
      apiRequest({
        path: `${API.missedQuestions}?botId=${id}`,
        getToken,
        parse: (json) => missedQuestionsResponseSchema.safeParse(json).data?.questions,
        failure,
      }),
    checkUp: (): Promise<CheckUpResponse> =>
      apiRequest({
        path: `${API.botCheckUp}?botId=${id}`,
        getToken,
        parse: (json) => checkUpResponseSchema.safeParse(json).data,
        failure,
      }),
    corrections: (): Promise<Correction[]> =>
      apiRequest({
        path: `${API.corrections}?botId=${id}`,
        getToken,
        parse: (json) => correctionsResponseSchema.safeParse(json).data?.corrections,
        failure,
      }),
    saveCorrection: (correction: { id?: string; question: string; answer: string }) =>
      apiRequest({
        path: API.saveCorrection,
        method: 'POST',
        body: { botId, ...correction },
        getToken,
        parse: (json) => saveCorrectionResponseSchema.safeParse(json).data,
        failure,
      }),
    deleteCorrection: (correctionId: string) => post(API.deleteCorrection, { id: correctionId }),
    /** The suggested questions visitors see: the owner's list, or the build's (decision 107). */
    suggestedQuestions: (): Promise<SuggestedQuestionsResponse> =>
      apiRequest({
        path: `${API.suggestedQuestions}?botId=${id}`,
        getToken,
        parse: (json) => suggestedQuestionsResponseSchema.safeParse(json).data,
        failure,
      }),
    saveSuggestedQuestions: (questions: string[]): Promise<SuggestedQuestionsResponse> =>
      apiRequest({
        path: API.saveSuggestedQuestions,
        method: 'POST',
        body: { botId, questions },
        getToken,
        parse: (json) => suggestedQuestionsResponseSchema.safeParse(json).data,
        failure,
      }),
    resetSuggestedQuestions: (): Promise<SuggestedQuestionsResponse> =>
      apiRequest({
        path: API.resetSuggestedQuestions,
        method: 'POST',
        body: { botId },
        getToken,
        parse: (json) => suggestedQuestionsResponseSchema.safeParse(json).data,
        failure,
      }),
    dismissMissed: (questionId: string) => post(API.dismissMissedQuestion, { id: questionId }),
    deleteConversation: (conversationId: string) => post(API.deleteConversation, { id: conversationId }),
    analytics: (): Promise<BotAnalyticsResponse> =>
      apiRequest({
        path: `${API.botAnalytics}?botId=${id}`,
        getToken,
        parse: (json) => botAnalyticsResponseSchema.safeParse(json).data,
        failure,
      }),
    sources: (): Promise<BotSourcesResponse> =>
      apiRequest({
        path: `${API.botSources}?botId=${id}`,
        getToken,
        parse: (json) => botSourcesResponseSchema.safeParse(json).data,
        failure,
      }),
    addSource: (source: { url: string; kind: 'page' | 'site' }) =>
      apiRequest({
        path: API.addBotSource,
        method: 'POST',
        body: { botId, ...source },
        getToken,
        parse: (json) => addBotSourceResponseSchema.safeParse(json).data,
        failure,
      }),
    documents: (): Promise<BotDocumentsResponse> =>
      apiRequest({
        path: `${API.botDocuments}?botId=${id}`,
        getToken,
        parse: (json) => botDocumentsResponseSchema.safeParse(json).data,
        failure,
      }),
    /**
     * Uploads a document in place of `documentId`, or (without it) one more: answered at once, the server reads it
     * (listed as `reading` with its pages) and the rebuild follows.
     */
    async uploadDocument(file: File, documentId?: string) {
      const form = new FormData();
      form.append('file', file, file.name);
      const path = documentId
        ? `${API.replaceBotDocument}?botId=${id}&documentId=${encodeURIComponent(documentId)}`
        : `${API.addBotDocument}?botId=${id}`;
      const token = await getToken(true);
      return requestApi(
        path,
        { method: 'POST', body: form, token, timeoutMs: CALL_TIMEOUT_MS.extract },
        (json) => botDocumentUploadResponseSchema.safeParse(json).data,
        failure,
      );
    },
    deleteDocument: (documentId: string) => post(API.deleteBotDocument, { id: documentId }),
    refreshSource: (sourceId: string) => post(API.refreshBotSource, { id: sourceId }),
    pauseSource: (sourceId: string, paused: boolean) => post(API.pauseBotSource, { id: sourceId, paused }),
    chooseSourceFact: (sourceId: string, label: string, take: boolean) =>
      post(API.chooseSourceFact, { id: sourceId, label, take }),
    deleteSource: (sourceId: string) => post(API.deleteBotSource, { id: sourceId }),
    /** The CSV of every kept message, as a file the browser saves. */
    downloadCsv: () => download(`${API.botConversationsCsv}?botId=${id}`, `${botId}-conversations.csv`),
    requests: (query: { q: string; status: string }): Promise<BotRequestsResponse> =>
      apiRequest({
        path: `${API.botRequests}?botId=${id}${query.status ? `&status=${query.status}` : ''}${query.q ? `&q=${encodeURIComponent(query.q)}` : ''}`,
        getToken,
        parse: (json) => botRequestsResponseSchema.safeParse(json).data,
        failure,
      }),
    setRequestStatus: (requestId: string, status: string) =>
      post(API.updateBotRequest, { requestId, status }),
    requestSettings: (): Promise<BotRequestSettings> =>
      apiRequest({
        path: `${API.botRequestSettings}?botId=${id}`,
        getToken,
        parse: (json) => botRequestSettingsSchema.safeParse(json).data,
        failure,
      }),
    saveRequestSettings: (settings: { requestsOn: boolean; notifyEmail: string }) =>
      apiRequest({
        path: API.updateBotRequestSettings,
        method: 'POST',
        body: { botId, ...settings },
        getToken,
        parse: (json) => botRequestSettingsSchema.safeParse(json).data,
        failure,
      }),
    downloadRequestsCsv: () => download(`${API.botRequestsCsv}?botId=${id}`, `${botId}-requests.csv`),
    /** The daily figures of 12 months (advanced analytics), as a file the browser saves. */
    downloadFigures: () => download(`${API.botAnalyticsCsv}?botId=${id}`, `${botId}-figures.csv`),
  };
}
export type InsightsApi = ReturnType<typeof insightsApi>;
