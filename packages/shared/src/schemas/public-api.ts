import { z } from 'zod';
import { CHAT_MESSAGE_MAX, CHAT_MSG } from '../chat.js';
import { REPLY_CONFIDENCES } from '../chat-replies.js';
import { MCP_MSG, PUBLIC_API_MSG } from '../messages/public-api.js';
import {
  API_KEY_NAME_MAX,
  API_KEY_SCOPES,
  API_VISITOR_ID_MAX,
  MCP_SEARCH_LIMIT_DEFAULT,
  MCP_SEARCH_LIMIT_MAX,
  type ApiStreamEvent,
} from '../public-api.js';
import { ANSWER_KINDS } from '../insights.js';
import { botDocumentUploadResponseSchema, botDocumentsResponseSchema } from './documents.js';

/** The public API's requests and replies (decision 108). */

/** An id in a path: what the server makes (`bot_…`, `key_…`, `c_…`), bounded. */
const pathId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, PUBLIC_API_MSG.notFound);

export const botPathSchema = z.object({ botId: pathId });
export const keyPathSchema = z.object({ botId: pathId, keyId: pathId });
export const conversationPathSchema = z.object({ botId: pathId, conversationId: pathId });
export const documentPathSchema = z.object({ botId: pathId, documentId: pathId });

export const createApiKeyRequestSchema = z.object({
  name: z
    .string({ error: PUBLIC_API_MSG.nameRequired })
    .trim()
    .min(1, PUBLIC_API_MSG.nameRequired)
    .max(API_KEY_NAME_MAX, PUBLIC_API_MSG.nameTooLong),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: PUBLIC_API_MSG.scopeUnknown }), {
      error: PUBLIC_API_MSG.scopesRequired,
    })
    .min(1, PUBLIC_API_MSG.scopesRequired)
    .max(API_KEY_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters (`vx_` and a few more), to tell keys apart; never the key. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The one reply that carries the key itself. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeysResponseSchema = z.object({
  keys: z.array(apiKeySchema),
  /** The owner's plan's keys per bot (0: none). */
  maxKeys: z.number().int().min(0),
});
export type ApiKeysResponse = z.infer<typeof apiKeysResponseSchema>;

/** DELETE answers 204 with no body. */
export const noContentSchema = z.undefined();

/** A visitor's message, or the MCP tools' question and query. */
const messageText = z
  .string({ error: CHAT_MSG.messageRequired })
  .trim()
  .min(1, CHAT_MSG.messageRequired)
  .max(CHAT_MESSAGE_MAX, CHAT_MSG.messageTooLong);

export const apiMessageRequestSchema = z.object({
  message: messageText,
  conversationId: pathId.optional(),
  visitorId: z
    .string({ error: PUBLIC_API_MSG.visitorIdInvalid })
    .trim()
    .min(1, PUBLIC_API_MSG.visitorIdInvalid)
    .max(API_VISITOR_ID_MAX, PUBLIC_API_MSG.visitorIdInvalid)
    .optional(),
  stream: z.boolean().default(false),
});
export type ApiMessageRequest = z.input<typeof apiMessageRequestSchema>;

export const apiSourceSchema = z.object({
  ordinal: z.number().int(),
  heading: z.string().nullable(),
  page: z.number().int().nullable(),
});

export const apiMessageResponseSchema = z.object({
  conversationId: z.string(),
  /** Absent when the reply was not logged (the bot is paused or not ready). */
  messageId: z.string().optional(),
  /** Markdown, as the widget shows it. */
  reply: z.string(),
  sources: z.array(apiSourceSchema),
  declined: z.boolean().optional(),
  confidence: z.enum(REPLY_CONFIDENCES).optional(),
});
export type ApiMessageResponse = z.infer<typeof apiMessageResponseSchema>;

export const apiConversationMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  at: z.string(),
  kind: z.enum(ANSWER_KINDS).optional(),
});

export const apiConversationSchema = z.object({
  id: z.string(),
  /** Where the conversation came from: the widget or the API. */
  source: z.enum(['widget', 'api']),
  startedAt: z.string(),
  messages: z.array(apiConversationMessageSchema),
});
export type ApiConversation = z.infer<typeof apiConversationSchema>;

export const apiConversationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const apiConversationsResponseSchema = z.object({
  conversations: z.array(apiConversationSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type ApiConversationsResponse = z.infer<typeof apiConversationsResponseSchema>;

/** A bot's documents, as the owner's list gives them: one schema for the dashboard and the API. */
export const apiDocumentsResponseSchema = botDocumentsResponseSchema;
/** An added document's upload: multipart/form-data, the file in `file` (as the dashboard sends it). */
export const apiDocumentUploadSchema = z.object({ file: z.file().describe(PUBLIC_API_MSG.documentFile) });
/** The added document's id (202): it is read in the background, listed as `reading` meanwhile. */
export const apiDocumentAddedSchema = botDocumentUploadResponseSchema;

/** The MCP tool `ask` (decision 113): a message of the public API's chat, its reply the same. */
export const mcpAskInputSchema = z.object({
  question: messageText.describe(MCP_MSG.questionDescription),
  conversationId: pathId.optional().describe(MCP_MSG.conversationIdDescription),
});

/** A passage of the bot's documents, with where it is and how much of the query it covers (0 to 1). */
export const apiPassageSchema = apiSourceSchema.extend({ text: z.string(), confidence: z.number() });
export type ApiPassage = z.infer<typeof apiPassageSchema>;

/** The MCP tool `search_documents`. */
export const mcpSearchInputSchema = z.object({
  query: messageText.describe(MCP_MSG.queryDescription),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MCP_SEARCH_LIMIT_MAX)
    .default(MCP_SEARCH_LIMIT_DEFAULT)
    .describe(MCP_MSG.limitDescription),
});
export const mcpSearchOutputSchema = z.object({ passages: z.array(apiPassageSchema) });
export type McpSearchOutput = z.infer<typeof mcpSearchOutputSchema>;

/** A JSON-RPC 2.0 message to the MCP server, as documented (the SDK's transport reads it). */
export const mcpMessageSchema = z.looseObject({
  jsonrpc: z.literal('2.0'),
  method: z.string(),
  id: z.union([z.string(), z.number()]).optional(),
  params: z.record(z.string(), z.unknown()).optional(),
});
/** Its JSON-RPC reply: a result or an error, for the request's id. */
export const mcpReplySchema = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.looseObject({ code: z.number(), message: z.string() }).optional(),
});

/** Every /api/v1 error. */
export const publicApiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});

/** The data of each event of a streamed reply (`stream: true`), as written and as documented. */
export const apiStreamEventSchemas = {
  delta: z.object({
    text: z.string(),
    /** The whole reply so far, replacing what came before. */
    replace: z.literal(true).optional(),
  }),
  sources: z.object({ sources: z.array(apiSourceSchema) }),
  done: apiMessageResponseSchema,
  error: publicApiErrorSchema,
} satisfies Record<ApiStreamEvent, z.ZodType>;

/** The OpenAPI document (decision 114), as far as a client reads it. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;
