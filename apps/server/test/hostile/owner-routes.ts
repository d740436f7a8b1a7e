import { API, LIVE_API, PUBLIC_API } from '@vuxo/shared';
import type { Holdings } from '../support/owner-holdings.js';
import { BASIC_PAYMENT } from '../support/owner-holdings.js';
import { botConfig } from '../support/wizard-flow.js';

/**
 * The API's routes by who may call them, with the requests an owner (A) makes about A's own things: the
 * authorization, mass-assignment and oversize-body suites send these with other credentials and bodies.
 */

/** Routes anyone may call: the site, the wizard before sign-in, the widget (by share id), Stripe. */
export const PUBLIC = [
  `GET ${API.health}`,
  `GET ${API.clientConfig}`,
  `POST ${API.pageViews}`,
  `POST ${API.contactMessages}`,
  `POST ${API.extract}`,
  `POST ${API.uploadImage}`,
  // The wizard's fix of its document's text: like its uploads, before sign-in, by session (decision 073).
  `POST ${API.documentText}`,
  `GET ${API.documentReading}`,
  `POST ${API.cancelReading}`,
  `GET ${API.publicBotInfo}`,
  `POST ${API.chat}`,
  `POST ${API.generateQuestions}`,
  `POST ${API.chatFeedback}`,
  `GET ${API.botAvatarRoute}`,
  `POST ${API.stripeWebhook}`,
  `POST ${API.visitorRequest}`,
  // A person steps in (decision 115): the visitor's live calls, keyed by the signed visitor id.
  `GET ${LIVE_API.liveStatus}`,
  `POST ${LIVE_API.liveRequest}`,
  `GET ${LIVE_API.liveEvents}`,
  // The weekly summary's unsubscribe: its signed token is the credential (RFC 8058).
  `GET ${API.weeklyUnsubscribe}`,
  `POST ${API.weeklyUnsubscribe}`,
  // An address's confirmation (decision 085): its signed token is the credential.
  `GET ${API.mailConfirm}`,
  `POST ${API.mailConfirm}`,
  // The public API's OpenAPI document (decision 114).
  `GET ${PUBLIC_API.openapi}`,
];
/**
 * The public API's routes reached with a bot's API key rather than a sign-in (decision 108): their keys, scopes
 * and other owners' bots are the public-api-*.test.ts suites'.
 */
export const KEYED = [
  `POST ${PUBLIC_API.messages}`,
  `GET ${PUBLIC_API.conversations}`,
  `GET ${PUBLIC_API.conversation}`,
  `GET ${PUBLIC_API.documents}`,
  `POST ${PUBLIC_API.documents}`,
  `DELETE ${PUBLIC_API.document}`,
  // The MCP server (decision 113): POST with a key of the chat scope; GET and DELETE are 405 to anyone.
  `POST ${PUBLIC_API.mcp}`,
  `GET ${PUBLIC_API.mcp}`,
  `DELETE ${PUBLIC_API.mcp}`,
];
/** The staff console: a 404 to everyone not on ADMIN_EMAILS, as for a path that does not exist. */
export const STAFF = { [`GET ${API.adminList}`]: { list: 'users' } };
/** Routes that read a multipart upload rather than JSON. */
export const UPLOADS = [`POST ${API.extract}`, `POST ${API.uploadImage}`, `POST ${API.documentText}`];

export type Input = Record<string, unknown>;

/** Owner routes that name a bot, with the requests A makes about A's bot and what it holds. */
export const routesNamingBot = (a: Holdings): Record<string, Input[]> => {
  const bot = { botId: a.botId };
  return {
    [`GET ${API.botDomains}`]: [bot],
    [`GET ${API.botConversations}`]: [bot, { ...bot, q: 'gift', page: 1 }],
    [`GET ${API.botConversationsCsv}`]: [bot],
    [`GET ${API.missedQuestions}`]: [bot],
    [`GET ${API.corrections}`]: [bot],
    [`GET ${API.botAnalytics}`]: [bot],
    [`GET ${API.botAnalyticsCsv}`]: [bot],
    [`GET ${API.botSources}`]: [bot],
    [`GET ${API.botDocuments}`]: [bot],
    [`GET ${API.keyFacts}`]: [bot],
    [`GET ${API.suggestedQuestions}`]: [bot],
    [`GET ${API.botCheckUp}`]: [bot],
    [`POST ${API.deleteBot}`]: [bot],
    [`POST ${API.updateBotDomains}`]: [{ ...bot, allowedDomains: ['attacker.example'] }],
    [`POST ${API.updateBotTheme}`]: [{ ...bot, themeId: 'healthcare' }],
    [`POST ${API.updateBotSettings}`]: [{ ...bot, contactEmail: 'mallory@example.com' }, bot],
    [`POST ${API.keepBotLive}`]: [bot],
    [`POST ${API.deleteConversation}`]: [{ ...bot, id: a.conversationId }],
    [`POST ${API.dismissMissedQuestion}`]: [{ ...bot, id: a.messageId }],
    [`POST ${API.saveCorrection}`]: [
      { ...bot, question: 'Do you sell gift cards?', answer: 'Ask Mallory.' },
      { ...bot, id: a.correctionId, question: 'Is there parking?', answer: 'No.' },
    ],
    [`POST ${API.deleteCorrection}`]: [{ ...bot, id: a.correctionId }],
    [`POST ${API.addBotSource}`]: [{ ...bot, url: 'https://attacker.example/', kind: 'page' }],
    [`POST ${API.refreshBotSource}`]: [{ ...bot, id: a.sourceId }],
    [`POST ${API.pauseBotSource}`]: [{ ...bot, id: a.sourceId, paused: true }],
    [`POST ${API.chooseSourceFact}`]: [{ ...bot, id: a.sourceId, label: 'Price of Full groom', take: true }],
    [`POST ${API.deleteBotSource}`]: [{ ...bot, id: a.sourceId }],
    // The uploads name the bot in the query; sent as JSON they are checked the same before any file is read.
    [`POST ${API.replaceBotDocument}`]: [{ ...bot, documentId: a.documentId }],
    [`POST ${API.addBotDocument}`]: [bot],
    [`POST ${API.deleteBotDocument}`]: [{ ...bot, id: a.documentId }],
    [`GET ${API.botRequests}`]: [bot, { ...bot, q: 'gift', status: 'new', page: 1 }],
    [`GET ${API.botRequestsCsv}`]: [bot],
    [`GET ${API.botRequestSettings}`]: [bot],
    [`POST ${API.updateBotRequest}`]: [{ ...bot, requestId: a.requestId, status: 'closed' }],
    [`POST ${API.updateBotRequestSettings}`]: [
      { ...bot, requestsOn: false, notifyEmail: 'mallory@example.com' },
    ],
    [`POST ${API.saveKeyFacts}`]: [{ ...bot, facts: { ...NO_FACTS, phones: [{ number: '0800 666 0000' }] } }],
    [`POST ${API.saveSuggestedQuestions}`]: [{ ...bot, questions: ['Do you sell gift cards to Mallory?'] }],
    [`POST ${API.resetSuggestedQuestions}`]: [bot],
    [`POST ${LIVE_API.livePresence}`]: [{ ...bot, displayName: 'Mallory' }],
    [`GET ${LIVE_API.liveConversations}`]: [bot],
    [`GET ${LIVE_API.liveConversation}`]: [{ ...bot, conversationId: a.conversationId }],
    [`POST ${LIVE_API.liveReply}`]: [{ ...bot, conversationId: a.conversationId, text: 'Mallory here' }],
    [`POST ${LIVE_API.liveHandBack}`]: [{ ...bot, conversationId: a.conversationId }],
    [`GET ${LIVE_API.liveOwnerEvents}`]: [bot],
    [`GET ${PUBLIC_API.keys}`]: [bot],
    [`POST ${PUBLIC_API.keys}`]: [{ ...bot, name: 'Mallory', scopes: ['chat', 'read:conversations'] }],
    [`DELETE ${PUBLIC_API.key}`]: [{ ...bot, keyId: a.apiKeyId }],
    [`GET ${PUBLIC_API.webhooks}`]: [bot],
    [`POST ${PUBLIC_API.webhooks}`]: [
      { ...bot, url: 'https://attacker.example/hooks', events: ['question.missed'] },
    ],
    [`DELETE ${PUBLIC_API.webhook}`]: [{ ...bot, webhookId: a.webhookId }],
    [`GET ${PUBLIC_API.webhookDeliveries}`]: [{ ...bot, webhookId: a.webhookId }],
    [`POST ${PUBLIC_API.webhookResend}`]: [{ ...bot, webhookId: a.webhookId, deliveryId: a.deliveryId }],
  };
};

/** Key facts with nothing in them ("What your bot knows"). */
export const NO_FACTS = {
  phones: [],
  emails: [],
  websites: [],
  address: null,
  hours: [],
  hoursNotes: [],
  prices: [],
};

export const CARD = {
  number: '4242424242424242',
  expMonth: 12,
  expYear: 2099,
  cvc: '123',
  postalCode: 'M5V 2T6',
};

/** Owner routes that name no bot, with a request A would make. */
export const otherOwnerRoutes = (a: Holdings): Record<string, Input[]> => ({
  [`GET ${API.me}`]: [{}],
  [`GET ${API.planStatus}`]: [{}],
  [`GET ${API.listBots}`]: [{}],
  [`POST ${API.saveConfig}`]: [botConfig(a.upload)],
  [`GET ${API.planChange}`]: [{ plan: 'pro' }],
  [`POST ${API.createPaymentIntent}`]: [BASIC_PAYMENT],
  [`POST ${API.confirmLocalPayment}`]: [{ paymentIntentId: a.paymentIntentId, card: CARD, billingName: 'A' }],
  [`POST ${API.voiceAgentRequests}`]: [{ name: 'Ada', plan: 'pro', chatbotType: 'text' }],
});

const LONG_AGO = '2001-01-01T00:00:00.000Z';
/** Fields only the server sets, in the API's and the database's spellings, naming A and A's bot. */
export const forgedFields = (a: Holdings) => ({
  id: a.botId,
  ...{ userId: a.owner.uid, user_id: a.owner.uid, ownerId: a.owner.uid, uid: a.owner.uid },
  ...{ plan: 'enterprise', planKey: 'enterprise', plan_key: 'enterprise' },
  ...{ maxBots: 999, max_bots: 999, botCap: 999, currentBots: 0 },
  ...{ status: 'deleted', shareId: a.shareId, share_id: a.shareId },
  ...{ indexVersion: 'forged', index_version: 'forged', corrections_version: 'forged' },
  ...{ createdAt: LONG_AGO, created_at: LONG_AGO, updated_at: LONG_AGO, deleted_at: LONG_AGO },
  ...{ emailVerified: true, email_verified: 1, amount_cents: 1, currency: 'xxx' },
});
