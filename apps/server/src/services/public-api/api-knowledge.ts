import { API_ERROR, PUBLIC_API_MSG, type ApiPassage, type KeyFactsResponse } from '@vuxo/shared';
import { AppError } from '../../errors.js';
import type { BotKeyFactsService } from '../bot-key-facts.js';
import type { ChatService } from '../chat.js';
import type { ApiPrincipal } from './api-keys.js';

/**
 * What a key's bot knows, for the MCP server (decision 113): the passages its engine would answer from, found by
 * the engine's own search, and its key facts as its owner sees them. Neither is a message: nothing is counted.
 */
export function apiKnowledgeService(deps: { chat: ChatService; keyFacts: BotKeyFactsService }) {
  const { findBot, unavailableReply, search } = deps.chat.forApi;

  return {
    async search(principal: ApiPrincipal, query: string, limit: number): Promise<ApiPassage[]> {
      const bot = await findBot(principal.botId);
      if (!bot || bot.id !== principal.botId)
        throw new AppError('notFound', PUBLIC_API_MSG.botNotFound, API_ERROR.notFound);
      // A paused or failed bot gives its documents to no one, as it answers no one.
      const unavailable = await unavailableReply(bot);
      if (unavailable !== null) throw new AppError('conflict', unavailable);
      return search(bot, query, limit);
    },

    keyFacts(principal: ApiPrincipal): Promise<KeyFactsResponse> {
      return deps.keyFacts.ofBot(principal.botId);
    },
  };
}
export type ApiKnowledgeService = ReturnType<typeof apiKnowledgeService>;
