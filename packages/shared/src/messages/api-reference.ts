import { API_KEY_PREFIX, API_STREAM_EVENTS } from '../public-api.js';

/** What the OpenAPI document says of each public route (decision 114): a summary and, where useful, more. */
export const PUBLIC_API_DOCS = {
  title: 'Vuxo public API',
  description:
    'Reach a bot from your own code. Every error is `{ "error": { "code", "message" } }`; the owner manages keys signed in.',
  apiKeyAuth: `A bot's API key, sent as \`Authorization: Bearer ${API_KEY_PREFIX}…\`.`,
  ownerAuth: "The owner's sign-in token, as the dashboard sends it.",
  errors: {
    400: 'The request is not valid.',
    401: 'No key or token, or one that is not valid or was revoked.',
    403: 'The plan or the key’s scopes do not allow this.',
    404: 'No such bot, key, conversation or document (or not yours).',
    429: 'A limit was reached; `Retry-After` says when to try again.',
  },
  streamReply: `With \`"stream": true\`, Server-Sent Events: ${API_STREAM_EVENTS.map((e) => `\`${e}\``).join(', ')}. A refusal before the first text is the usual JSON error.`,
  routes: {
    listKeys: {
      summary: "List a bot's API keys",
      description: 'Never the keys themselves: each by name and prefix.',
    },
    createKey: {
      summary: 'Create an API key',
      description: 'The reply carries the key; it is shown this once.',
    },
    revokeKey: { summary: 'Revoke an API key', description: 'Calls with it are refused at once.' },
    sendMessage: {
      summary: 'Send a message to the bot',
      description:
        'The bot answers as its chat widget does. Send the `conversationId` of a reply to continue that conversation.',
    },
    listConversations: {
      summary: "List the bot's conversations",
      description: 'Newest first, a page at a time.',
    },
    getConversation: { summary: 'Read a conversation' },
    listDocuments: {
      summary: "List the bot's documents",
      description:
        'As on the dashboard: each with its status (`reading`, `pending` until the bot is rebuilt with it, then `ready`); `error` says why the last change failed.',
    },
    addDocument: {
      summary: 'Add a document',
      description:
        'Send the file as multipart/form-data in `file`. Answered 202 with its id at once: it is read in the background, then the bot is rebuilt with it; list the documents to see it become `ready`, or why it was refused. Your plan sets the number of documents and their size.',
    },
    deleteDocument: {
      summary: 'Delete a document',
      description:
        'The bot is rebuilt without it before the answer. The bot’s first document can only be replaced, on the dashboard.',
    },
    openapi: { summary: 'This document', description: 'The OpenAPI 3.1 document of the public API.' },
    listWebhooks: {
      summary: "List a bot's webhooks",
      description: 'Each endpoint with its events; never its signing secret.',
    },
    createWebhook: {
      summary: 'Add a webhook',
      description:
        'An HTTPS endpoint and the events it receives. The reply carries its signing secret (Standard Webhooks), shown this once.',
    },
    deleteWebhook: { summary: 'Delete a webhook', description: 'No further deliveries are sent to it.' },
    listDeliveries: {
      summary: "List a webhook's deliveries",
      description: 'Newest first: the event, its status, the attempts and the last answer.',
    },
    resendDelivery: {
      summary: 'Send a delivery again',
      description: 'The same event with the same `webhook-id`, so a receiver can drop repeats.',
    },
    mcp: {
      summary: 'The MCP server of the key’s bot',
      description:
        'Model Context Protocol over Streamable HTTP, without sessions: each JSON-RPC message is a POST (Accept: application/json, text/event-stream). Tools `ask` and `search_documents`; the key facts as a resource. The key names the bot.',
    },
    mcpStream: { summary: 'No server stream', description: 'The MCP server keeps no sessions: always 405.' },
    mcpEnd: { summary: 'No session to end', description: 'The MCP server keeps no sessions: always 405.' },
  },
  notAllowed: 'Method not allowed.',
} as const;

/** The reference page (ROUTES.apiReference). */
export const API_REFERENCE_MSG = {
  title: 'API reference',
  lead: 'Reach your bot from your own code: send it messages, stream its replies and read its conversations.',
  keysHow:
    'Create a key on your bot’s page (Basic plan and up) and keep it in an environment variable, VUXO_API_KEY in these examples.',
  examplesTitle: 'Examples',
  routesTitle: 'Routes',
  documentLink: 'OpenAPI document',
  chat: 'Chat',
  stream: 'Streaming',
  webhook: 'Webhook verification',
  chatLead: 'One message, one JSON reply.',
  streamLead: 'The reply as it is written, as Server-Sent Events.',
  webhookLead:
    'Webhook deliveries are signed as Standard Webhooks describes (headers webhook-id, webhook-timestamp, webhook-signature): verify each with the raw body and your webhook’s signing secret before trusting it.',
  copy: 'Copy',
  copied: 'Copied',
  copyOf: (example: string, language: string) => `Copy the ${example} example in ${language}`,
  loading: 'Loading the routes…',
  loadFailed: 'The routes could not be loaded. Try again shortly.',
  requestBody: 'Request body',
  parameters: 'Parameters',
  responses: 'Responses',
  auth: 'Authentication',
  required: 'required',
  linkFromKeys: 'API reference and examples',
} as const;
