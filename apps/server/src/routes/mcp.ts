import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  API_ERROR,
  MCP_MSG,
  PUBLIC_API,
  PUBLIC_API_DOCS,
  mcpMessageSchema,
  mcpReplySchema,
  publicApiErrorSchema,
} from '@vuxo/shared';
import { apiKeyAuth, principalOf } from '../http/api-key-auth.js';
import { documented } from '../http/openapi/documented.js';
import { sendPublicError } from '../http/public-api-errors.js';
import type { ApiKeysService } from '../services/public-api/api-keys.js';
import { mcpServerFor, type McpToolDeps } from './mcp-tools.js';

export interface McpRouteDeps extends McpToolDeps {
  keys: ApiKeysService;
}

/** The request headers the SDK's transport reads; the key stays out of the tools' reach. */
const TRANSPORT_HEADERS = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id'];

/** The request as the SDK's Web-standard transport takes it; Fastify has read and parsed the body. */
function webRequestOf(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const name of TRANSPORT_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  // The path only: the Host header is the client's to write, and the transport reads no further.
  return new Request(new URL(PUBLIC_API.mcp, 'http://localhost'), { method: 'POST', headers });
}

/** An error as JSON-RPC words it, as the transport answers the requests it refuses. */
const jsonRpcError = (code: number, message: string) => ({
  jsonrpc: '2.0',
  error: { code, message },
  id: null,
});

/**
 * The MCP server (decision 113), Streamable HTTP without sessions: each POST gets its own server and transport
 * for the key's bot, and the JSON-RPC reply is JSON (no stream), sent through Fastify with the usual headers.
 * With no sessions there is no stream to open or end: GET and DELETE are 405, as the transport's spec allows.
 */
export function mcpRoutes(app: FastifyInstance, deps: McpRouteDeps) {
  const withKey = apiKeyAuth(app, deps.keys);

  const DOCS = PUBLIC_API_DOCS.routes;
  const keyed = { auth: 'apiKey', scope: 'chat' } as const;
  app.post(
    PUBLIC_API.mcp,
    {
      preHandler: withKey('chat'),
      ...documented({ id: 'mcp', ...DOCS.mcp, ...keyed, body: mcpMessageSchema, reply: mcpReplySchema }),
    },
    async (request, reply) => {
      // JSON-RPC calls an empty batch invalid; the transport would accept it as a batch of no requests.
      if (Array.isArray(request.body) && request.body.length === 0)
        return reply.status(400).send(jsonRpcError(-32600, MCP_MSG.emptyBatch));
      // A client that goes away should not keep a model busy. The call is aborted, not the transport: a closed
      // transport would never settle the JSON reply this handler waits for.
      const gone = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      const server = mcpServerFor(principalOf(request), deps, { log: request.log, gone: gone.signal });
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await server.connect(transport);
      try {
        const response = await transport.handleRequest(webRequestOf(request), {
          parsedBody: request.body ?? null,
        });
        reply.status(response.status).header('cache-control', 'no-store');
        response.headers.forEach((value, name) => reply.header(name, value));
        const body = await response.text();
        return reply.send(body === '' ? undefined : body);
      } finally {
        await server.close();
      }
    },
  );

  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    sendPublicError(reply.header('allow', 'POST'), 405, MCP_MSG.methodNotAllowed, API_ERROR.methodNotAllowed);
  const refused = (id: 'mcpStream' | 'mcpEnd') => ({
    preHandler: withKey('chat'),
    ...documented({ id, ...DOCS[id], ...keyed, reply: publicApiErrorSchema, status: 405 }),
  });
  app.get(PUBLIC_API.mcp, refused('mcpStream'), notAllowed);
  app.delete(PUBLIC_API.mcp, refused('mcpEnd'), notAllowed);
}
