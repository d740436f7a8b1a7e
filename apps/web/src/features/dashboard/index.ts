/** The dashboard feature's public entry: what other features may use. */
export { BotContactForm } from './components/bot-contact-form';
export { KeyFactsPanel } from './components/key-facts-panel';
export { listUserBots } from './api/list-user-bots';
export { apiRequest, type TokenSource } from './api/api-request';
export { BotSettingsDialog, type SettingsTarget } from './components/bot-settings-dialog';
