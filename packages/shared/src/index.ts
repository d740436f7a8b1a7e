export * from './brand.js';
export * from './limits.js';
export * from './messages.js';
export * from './routes.js';
export * from './plans.js';
export * from './api.js';
export * from './storage-keys.js';
export * from './bot.js';
