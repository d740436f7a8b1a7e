import { API } from '@vuxo/shared/api';
import { LIVE_OWNER_API } from '@vuxo/shared/live';
import { INSIGHTS_MSG } from '@vuxo/shared/messages';
import {
  liveConversationSchema,
  liveConversationsSchema,
  liveEventSchema,
  livePresenceSchema,
  saveCorrectionResponseSchema,
  type LiveConversationDetail,
  type LiveConversations,
  type LivePresence,
} from '@vuxo/shared/schemas';
import { apiRequest, type TokenSource } from './api-request';

/** The owner's Live view's calls (issue 47): presence, the conversations, a reply, the hand-back, the changes. */
export function liveApi(getToken: TokenSource, botId: string) {
  const id = encodeURIComponent(botId);
  const failure = INSIGHTS_MSG.requestFailedStatus;
  return {
    presence: (choice: { displayName?: string; notifyAfterMin?: number } = {}): Promise<LivePresence> =>
      apiRequest({
        path: LIVE_OWNER_API.livePresence,
        method: 'POST',
        body: { botId, ...choice },
        getToken,
        parse: (json) => livePresenceSchema.safeParse(json).data,
        failure,
      }),
    conversations: (): Promise<LiveConversations> =>
      apiRequest({
        path: `${LIVE_OWNER_API.liveConversations}?botId=${id}`,
        getToken,
        parse: (json) => liveConversationsSchema.safeParse(json).data,
        failure,
      }),
    conversation: (conversationId: string): Promise<LiveConversationDetail> =>
      apiRequest({
        path: `${LIVE_OWNER_API.liveConversation}?botId=${id}&conversationId=${encodeURIComponent(conversationId)}`,
        getToken,
        parse: (json) => liveConversationSchema.safeParse(json).data,
        failure,
      }),
    reply: (conversationId: string, text: string) =>
      apiRequest({
        path: LIVE_OWNER_API.liveReply,
        method: 'POST',
        body: { botId, conversationId, text },
        getToken,
        parse: (json) => liveEventSchema.safeParse(json).data,
        failure,
      }),
    /** The owner's message saved as the bot's answer to the visitor's question before it (one click). */
    saveAnswer: (question: string, answer: string) =>
      apiRequest({
        path: API.saveCorrection,
        method: 'POST',
        body: { botId, question, answer },
        getToken,
        parse: (json) => saveCorrectionResponseSchema.safeParse(json).data,
        failure,
      }),
    handBack: (conversationId: string) =>
      apiRequest({
        path: LIVE_OWNER_API.liveHandBack,
        method: 'POST',
        body: { botId, conversationId },
        getToken,
        parse: () => true,
        failure,
      }),
    /**
     * Calls `onChange` whenever a conversation of the bot changes, from the server's event stream (with the
     * token in its header, which an EventSource cannot send); reconnects after a drop. Returns the stop.
     */
    watch(onChange: () => void): () => void {
      const stop = new AbortController();
      const run = async () => {
        while (!stop.signal.aborted) {
          try {
            const token = await getToken(false);
            const res = await fetch(`${LIVE_OWNER_API.liveOwnerEvents}?botId=${id}`, {
              headers: { authorization: `Bearer ${token}` },
              signal: stop.signal,
            });
            if (!res.ok || !res.body) throw new Error(failure(res.status));
            const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
            onChange();
            for (;;) {
              const { value, done } = await reader.read();
              if (done) break;
              if (value.includes('data:')) onChange();
            }
          } catch {
            // Dropped or refused: tried again below.
          }
          if (!stop.signal.aborted) await new Promise((resolve) => setTimeout(resolve, 3000));
        }
      };
      void run();
      return () => stop.abort();
    },
  };
}
export type LiveApi = ReturnType<typeof liveApi>;
