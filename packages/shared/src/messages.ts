/**
 * Every user-facing message of the product, exact, one module per area so a page loads only its own.
 * Messages that name the support address take it as an argument: `{email}`.
 */
export * from './messages/auth.js';
export * from './messages/widget.js';
export * from './messages/dashboard.js';
export * from './messages/wizard.js';
export * from './messages/contact.js';
export * from './messages/payment.js';
export * from './messages/site.js';
export * from './messages/insights.js';
export * from './messages/key-facts.js';
export * from './messages/suggested-questions.js';
export * from './messages/sources.js';
export * from './messages/documents.js';
export * from './messages/embed-guides.js';
export * from './messages/public-api.js';
export * from './messages/api-reference.js';
export * from './messages/webhooks.js';
