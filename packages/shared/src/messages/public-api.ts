import { API_KEY_NAME_MAX, API_KEY_PREFIX, API_VISITOR_ID_MAX, MCP_SEARCH_LIMIT_MAX } from '../public-api.js';
import { DOCUMENT_TYPES } from '../bot.js';

/** The public API's messages (the `message` of its errors) and the owner's "API keys" panel. */
export const PUBLIC_API_MSG = {
  keyMissing: `Send your API key as "Authorization: Bearer ${API_KEY_PREFIX}…".`,
  keyInvalid: 'This API key is not valid or has been revoked.',
  botNotFound: 'No such bot.',
  keyNotFound: 'No such API key.',
  conversationNotFound: 'No such conversation.',
  notFound: 'No such resource.',
  scopeMissing: (scope: string) => `This API key does not have the "${scope}" scope.`,
  planRequired: (planName: string) =>
    `API keys come with the Basic plan and up; your plan is ${planName}. Upgrade to create one.`,
  keyLimitReached: (max: number) =>
    `Your plan allows ${max} API key${max === 1 ? '' : 's'} per bot. Revoke one to create another.`,
  perMinute: (max: number) => `This key may send ${max} requests a minute. Try again shortly.`,
  perDay: (max: number) => `This key may send ${max} messages a day. Try again tomorrow (UTC).`,
  nameRequired: 'Give the key a name.',
  nameTooLong: `A key's name can be at most ${API_KEY_NAME_MAX} characters.`,
  scopesRequired: 'Choose at least one scope.',
  scopeUnknown: 'Unknown scope.',
  visitorIdInvalid: `visitorId must be 1 to ${API_VISITOR_ID_MAX} characters.`,
  conversationIdInvalid: 'conversationId is not valid.',
  documentFile: `The document (${DOCUMENT_TYPES.extensions.join(', ')}), at most your plan’s size.`,
  /** The panel on the bot's page. */
  panelTitle: 'API keys',
  lead: 'Reach this bot from your own code: each key answers for this bot only, with the scopes you give it.',
  upgrade: 'API keys come with the Basic plan and up.',
  seePlans: 'See plans',
  allowance: (used: number, max: number) => `${used} of ${max} keys`,
  nameLabel: 'Key name',
  namePlaceholder: 'e.g. Zapier',
  scopesLegend: 'Scopes',
  scopeLabels: {
    chat: 'Chat (send messages)',
    'read:conversations': 'Read conversations',
    'manage:documents': 'Manage documents',
  } as Record<string, string>,
  create: 'Create key',
  creating: 'Creating…',
  shownOnce: 'Copy this key now: it will not be shown again.',
  newKeyLabel: (name: string) => `New key "${name}"`,
  copy: 'Copy',
  copied: 'Copied',
  done: 'Done',
  noKeys: 'No API keys yet.',
  createdOn: (day: string) => `created ${day}`,
  lastUsed: (day: string) => `last used ${day}`,
  neverUsed: 'never used',
  revoke: 'Revoke',
  revoking: 'Revoking…',
  revokeOf: (name: string) => `Revoke ${name}`,
  revokeConfirm: (name: string) => `Revoke "${name}"? Apps using it stop working at once.`,
  cancel: 'Cancel',
  requestFailedStatus: (status: number) => `The API keys could not be loaded or changed (status ${status}).`,
  /** Before the MCP server's address (decision 113). */
  mcpHint: 'Use with an AI assistant (MCP): connect it to this address, with a Chat key as its Bearer token:',
} as const;

/** The MCP server's words (decision 113): what an AI assistant reads about its tools, and its refusals. */
export const MCP_MSG = {
  askTitle: 'Ask the bot',
  askDescription:
    "Asks this business's bot a question. Returns the bot's answer, from the owner's documents, with its sources. " +
    'Pass the conversationId of an earlier answer to ask a follow-up.',
  questionDescription: 'The question, in the words a customer would use.',
  conversationIdDescription: 'The conversationId of an earlier answer, to continue that conversation.',
  searchTitle: "Search the bot's documents",
  searchDescription:
    "Finds the passages of the bot's documents that best match a query, best first, each with where it is " +
    '(heading, page).',
  queryDescription: 'What to look for.',
  limitDescription: `How many passages to return (1 to ${MCP_SEARCH_LIMIT_MAX}).`,
  keyFactsTitle: 'Key facts',
  keyFactsDescription:
    "The business's key facts as the bot answers with them: phones, emails, websites, address, opening hours and " +
    'prices (JSON).',
  sources: (labels: string[]) => `Sources: ${labels.join('; ')}`,
  noPassages: 'No passage of the documents matches this query.',
  emptyBatch: 'Invalid Request: an empty batch.',
  methodNotAllowed: 'This MCP server keeps no sessions: send each JSON-RPC message with POST.',
  failed: 'The tool failed. Try again shortly.',
} as const;
