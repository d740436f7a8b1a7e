import type { FastifyInstance } from 'fastify';
import { API, LIVE_API, PUBLIC_API, type ReplySchema } from '@vuxo/shared';

/** The shared package defines each API reply once; the server writes with it, and the clients read with it. */
type ResponseSchema = ReplySchema<unknown>;

/** API routes that answer something other than JSON, or nothing: they declare no reply schema. */
const NOT_JSON = new Set<string>([
  API.botAvatarRoute,
  API.pageViews,
  API.botConversationsCsv,
  API.botAnalyticsCsv,
  API.botRequestsCsv,
  API.weeklyUnsubscribe,
  API.mailConfirm,
  // Server-Sent Events (decision 115).
  LIVE_API.liveEvents,
  LIVE_API.liveOwnerEvents,
  // JSON-RPC, written by the MCP SDK's transport (decision 113).
  PUBLIC_API.mcp,
]);

function isResponseSchema(value: unknown): value is ResponseSchema {
  return typeof value === 'object' && value !== null && '~standard' in value;
}

/**
 * Every JSON route under /api declares its success reply (`schema.response['2xx']`), and the reply is written
 * through it: a field the schema does not name is left out, and a reply that breaks it fails loudly (a 500
 * logged with the route) instead of reaching a client. A route without one stops the server at start.
 */
export function checkedResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!route.url.startsWith('/api/') || NOT_JSON.has(route.url) || methods.every((m) => m === 'HEAD'))
      return;
    const schema = (route.schema?.response as Record<string, unknown> | undefined)?.['2xx'];
    if (!isResponseSchema(schema)) throw new Error(`${route.method} ${route.url} declares no reply schema`);
  });
  app.setSerializerCompiler(({ schema, method, url }) => {
    if (!isResponseSchema(schema))
      throw new Error(`${method} ${url}: a reply schema must be a shared schema`);
    return (data) => {
      const result = schema['~standard'].validate(data);
      if (result instanceof Promise || result.issues)
        throw new Error(`${method} ${url}: the reply does not match its schema`);
      return JSON.stringify(result.value);
    };
  });
}

/** The route option that names a route's success reply. */
export const replies = (schema: ResponseSchema) => ({ schema: { response: { '2xx': schema } } });
