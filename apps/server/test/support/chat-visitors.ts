import { API, VISITOR_ID_HEADER, chatResponseSchema, parseReply } from '@vuxo/shared';
import type { ReadyBot } from '../engine/answer/chat-fixtures.js';
import type { TestApp } from './test-app.js';

/**
 * A visitor of the bot's public chat, from an address of their own, who keeps their visitor id from reply to reply
 * as the widget does: `ask` and `vote` go to `bot` unless another is named.
 */
export function chatVisitor(t: TestApp, bot: ReadyBot, remoteAddress: string) {
  let id: string | undefined;
  const visitorHeaders = () => (id ? { [VISITOR_ID_HEADER]: id } : {});
  return {
    async ask(message: string, target = bot) {
      const res = await t.app.inject({
        method: 'POST',
        url: API.chat,
        remoteAddress,
        headers: visitorHeaders(),
        payload: { botConfigId: target.shareId, message },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = parseReply(chatResponseSchema, res.json());
      id = body.visitorId;
      return body;
    },
    vote(messageId: string, vote: 'up' | 'down', target = bot) {
      return t.app.inject({
        method: 'POST',
        url: API.chatFeedback,
        remoteAddress,
        headers: visitorHeaders(),
        payload: { botConfigId: target.shareId, messageId, vote },
      });
    },
  };
}
