/**
 * Everything shared, for the server, tests and tools. The web app imports the subpaths instead
 * (`@vuxo/shared/limits`, …, and `@vuxo/shared/schemas` only where it parses), so zod stays out of pages
 * that need none.
 */
export * from './schemas.js';
export * from './admin.js';
export * from './api.js';
export * from './bot.js';
export * from './brand.js';
export * from './chat.js';
export * from './chat-replies.js';
export * from './chat-stream.js';
export * from './contact-form.js';
export * from './control-characters.js';
export * from './dashboard.js';
export * from './email-address.js';
export * from './embed-guides.js';
export * from './error-codes.js';
export * from './insights.js';
export * from './key-facts.js';
export * from './suggested-questions.js';
export * from './limits.js';
export * from './messages.js';
export * from './plans.js';
export * from './replies.js';
export * from './routes.js';
export * from './single-line.js';
export * from './sources.js';
export * from './documents.js';
export * from './storage-keys.js';
export * from './voice-agent.js';
export * from './widget.js';
export * from './wizard.js';
export * from './visitor-requests.js';
export * from './weekly-summary.js';
export * from './mail-addresses.js';
export * from './public-api.js';
export * from './api-examples.js';
export * from './webhooks.js';
export * from './live.js';
