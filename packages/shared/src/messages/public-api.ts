import { API_KEY_NAME_MAX, API_KEY_PREFIX, API_VISITOR_ID_MAX } from '../public-api.js';

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
  /** The panel on the bot's page. */
  panelTitle: 'API keys',
  shownOnce: 'Copy this key now: it will not be shown again.',
  noKeys: 'No API keys yet.',
  revokeConfirm: (name: string) => `Revoke "${name}"? Apps using it stop working at once.`,
} as const;
