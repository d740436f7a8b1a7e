/**
 * The public API (issue 46, decision 108): versioned resources under /api/v1, reached with a bot's API key
 * (`Authorization: Bearer vx_…`); the owner manages the keys signed in as on the dashboard.
 */
export const PUBLIC_API_PREFIX = '/api/v1';

/** Fastify's route patterns; `publicApiPath` fills them in for a client. */
export const PUBLIC_API = {
  keys: '/api/v1/bots/:botId/keys',
  key: '/api/v1/bots/:botId/keys/:keyId',
  messages: '/api/v1/bots/:botId/messages',
  conversations: '/api/v1/bots/:botId/conversations',
  conversation: '/api/v1/bots/:botId/conversations/:conversationId',
  documents: '/api/v1/bots/:botId/documents',
  document: '/api/v1/bots/:botId/documents/:documentId',
  webhooks: '/api/v1/bots/:botId/webhooks',
  webhook: '/api/v1/bots/:botId/webhooks/:webhookId',
  webhookDeliveries: '/api/v1/bots/:botId/webhooks/:webhookId/deliveries',
  webhookResend: '/api/v1/bots/:botId/webhooks/:webhookId/deliveries/:deliveryId/resend',
  /** The MCP server (decision 113): no bot in the path, as the key names its one bot. */
  mcp: '/api/v1/mcp',
  /** The OpenAPI 3.1 document of every route above (decision 114). */
  openapi: '/api/v1/openapi.json',
} as const;
export type PublicApiRoute = (typeof PUBLIC_API)[keyof typeof PUBLIC_API];

/** A route's path with its parameters filled in (each encoded). */
export function publicApiPath(route: PublicApiRoute, params: Record<string, string>): string {
  return route.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** A plan card's line for its API keys (plans.ts `api.maxKeys`). */
export const apiKeysPerBotText = (max: number) =>
  max === 0 ? 'No API keys' : `API: ${max} ${max === 1 ? 'key' : 'keys'} per bot`;

/** A plan card's line for its webhook endpoints (plans.ts `webhooks`). */
export const webhooksPerBotText = (max: number) =>
  max === 0 ? 'No webhooks' : `Webhooks: ${max} ${max === 1 ? 'endpoint' : 'endpoints'} per bot`;

/** Every key starts so: a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'vx_';
/** Characters of the key listed to the owner to tell keys apart (the `vx_` included). */
export const API_KEY_SHOWN_CHARS = 11;
export const API_KEY_NAME_MAX = 60;

export const API_KEY_SCOPES = ['chat', 'read:conversations', 'manage:documents'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** `stream: true` answers as Server-Sent Events of these names. */
export const API_STREAM_EVENTS = ['delta', 'sources', 'done', 'error'] as const;
export type ApiStreamEvent = (typeof API_STREAM_EVENTS)[number];
export const SSE_TYPE = 'text/event-stream';

/** A caller's own id for the person they speak for: that person's messages are held to MESSAGES_PER_DAY. */
export const API_VISITOR_ID_MAX = 100;
export const API_CONVERSATIONS_PAGE_SIZE = 20;

/** The `code` of every /api/v1 error (`{ error: { code, message } }`). */
export const API_ERROR = {
  invalidRequest: 'invalid_request',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  insufficientScope: 'insufficient_scope',
  planRequired: 'plan_required',
  keyLimitReached: 'key_limit_reached',
  webhookLimitReached: 'webhook_limit_reached',
  addressRefused: 'address_refused',
  notFound: 'not_found',
  conflict: 'conflict',
  tooLarge: 'too_large',
  unsupportedType: 'unsupported_type',
  rateLimited: 'rate_limited',
  methodNotAllowed: 'method_not_allowed',
  messageLimitReached: 'message_limit_reached',
  unavailable: 'unavailable',
  /** A streamed reply that broke off after it began (the `error` event). */
  replyCut: 'reply_cut',
  internal: 'internal_error',
} as const;
export type ApiErrorCode = (typeof API_ERROR)[keyof typeof API_ERROR];

/** The MCP server's tools and resource (decision 113). */
export const MCP_SERVER_NAME = 'vuxo';
export const MCP_TOOLS = { ask: 'ask', searchDocuments: 'search_documents' } as const;
export const MCP_KEY_FACTS = 'key-facts';
/** The bot's key facts as an MCP resource. */
export const mcpKeyFactsUri = (botId: string) => `vuxo://bots/${encodeURIComponent(botId)}/key-facts`;
/** Passages `search_documents` returns unless asked for fewer or more (at most the max). */
export const MCP_SEARCH_LIMIT_DEFAULT = 5;
export const MCP_SEARCH_LIMIT_MAX = 10;
