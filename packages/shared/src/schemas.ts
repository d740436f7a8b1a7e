/** The API's zod schemas, apart from the zod-free constants so a page that parses nothing loads no zod. */
import './zod-setup.js';
export * from './schemas/admin.js';
export * from './schemas/api.js';
export * from './schemas/bot.js';
export * from './schemas/contact.js';
export * from './schemas/chat.js';
export * from './schemas/dashboard.js';
export * from './schemas/payments.js';
export * from './schemas/voice-agent.js';
export * from './schemas/insights.js';
export * from './schemas/key-facts.js';
export * from './schemas/suggested-questions.js';
export * from './schemas/sources.js';
export * from './schemas/documents.js';
export * from './schemas/single-line.js';
export * from './schemas/visitor-requests.js';
export * from './schemas/public-api.js';
export * from './schemas/webhooks.js';
