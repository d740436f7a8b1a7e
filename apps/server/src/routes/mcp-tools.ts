import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import {
  MCP_KEY_FACTS,
  MCP_MSG,
  MCP_SERVER_NAME,
  MCP_TOOLS,
  apiMessageResponseSchema,
  mcpAskInputSchema,
  mcpKeyFactsUri,
  mcpSearchInputSchema,
  mcpSearchOutputSchema,
  type ApiMessageResponse,
  type ApiPassage,
} from '@vuxo/shared';
import { AppError } from '../errors.js';
import type { ApiChatService } from '../services/public-api/api-chat.js';
import type { ApiPrincipal } from '../services/public-api/api-keys.js';
import type { ApiKnowledgeService } from '../services/public-api/api-knowledge.js';

export interface McpToolDeps {
  chat: ApiChatService;
  knowledge: ApiKnowledgeService;
}

/** Where a source is, as a person would cite it. */
const labelOf = ({
  heading,
  page,
  ordinal,
}: {
  heading: string | null;
  page: number | null;
  ordinal: number;
}) => [heading, page === null ? null : `page ${page}`].filter(Boolean).join(', ') || `passage ${ordinal + 1}`;

function askResult(answer: ApiMessageResponse): CallToolResult {
  const sources = answer.sources.length > 0 ? `\n\n${MCP_MSG.sources(answer.sources.map(labelOf))}` : '';
  return { content: [{ type: 'text', text: `${answer.reply}${sources}` }], structuredContent: answer };
}

function searchResult(passages: ApiPassage[]): CallToolResult {
  const text = passages.map((passage) => `[${labelOf(passage)}]\n${passage.text}`).join('\n\n');
  return { content: [{ type: 'text', text: text || MCP_MSG.noPassages }], structuredContent: { passages } };
}

/**
 * A refusal (a limit, a paused bot) is the tool's error result, in the words the API would use, so the assistant
 * can say it; anything else is logged and worded generically, as a 500 would be.
 */
function failed(error: unknown, log: FastifyBaseLogger | null): CallToolResult {
  return { content: [{ type: 'text', text: failureText(error, log) }], isError: true };
}

function failureText(error: unknown, log: FastifyBaseLogger | null): string {
  if (error instanceof AppError) return error.message;
  log?.error({ err: error }, 'MCP call failed');
  return MCP_MSG.failed;
}

/**
 * The MCP server of one request (decision 113), for the key's bot: `ask` is the public API's message (the same
 * answer, counted and logged as `api`), `search_documents` the engine's search, and the key facts a resource.
 */
export function mcpServerFor(
  principal: ApiPrincipal,
  deps: McpToolDeps,
  request: { log: FastifyBaseLogger; gone: AbortSignal },
): McpServer {
  const { log, gone } = request;
  const server = new McpServer({ name: MCP_SERVER_NAME, version: '1.0.0' });

  server.registerTool(
    MCP_TOOLS.ask,
    {
      title: MCP_MSG.askTitle,
      description: MCP_MSG.askDescription,
      inputSchema: mcpAskInputSchema,
      outputSchema: apiMessageResponseSchema,
      annotations: { readOnlyHint: false, openWorldHint: false },
    },
    async ({ question, conversationId }, extra) => {
      try {
        const input = { message: question, ...(conversationId ? { conversationId } : {}) };
        const signal = AbortSignal.any([extra.signal, gone]);
        const { cut: _cut, ...answer } = await deps.chat.send(principal, input, { signal });
        return askResult(answer);
      } catch (error) {
        // A client that left is told nothing, and its going is no failure.
        return failed(error, gone.aborted ? null : log);
      }
    },
  );

  server.registerTool(
    MCP_TOOLS.searchDocuments,
    {
      title: MCP_MSG.searchTitle,
      description: MCP_MSG.searchDescription,
      inputSchema: mcpSearchInputSchema,
      outputSchema: mcpSearchOutputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, limit }) => {
      try {
        return searchResult(await deps.knowledge.search(principal, query, limit));
      } catch (error) {
        return failed(error, log);
      }
    },
  );

  const uri = mcpKeyFactsUri(principal.botId);
  server.registerResource(
    MCP_KEY_FACTS,
    uri,
    { title: MCP_MSG.keyFactsTitle, description: MCP_MSG.keyFactsDescription, mimeType: 'application/json' },
    async () => {
      try {
        const { facts } = await deps.knowledge.keyFacts(principal);
        return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(facts) }] };
      } catch (error) {
        throw new McpError(ErrorCode.InternalError, failureText(error, log));
      }
    },
  );
  return server;
}
