import { BRAND, clientConfigSchema, type ClientConfig } from '@vuxo/shared';
import type { Config } from './config.js';
import { SITE_BOT } from './services/site-bot/site-bot.js';
import { demoBotsForBrowser } from './services/site-bot/demo-bots.js';

/**
 * The public part of the configuration, handed to the browser. Never a secret. Written through its schema, so the
 * page can read it without one.
 */
export function clientConfigFor(config: Config): ClientConfig {
  return clientConfigSchema.parse({
    brand: BRAND,
    supportEmail: config.supportEmail,
    publicPhone: config.publicPhone,
    firebase: {
      apiKey: config.firebase.apiKey,
      authDomain: config.firebase.authDomain,
      projectId: config.firebase.projectId,
    },
    authEmulatorUrl: config.firebase.emulatorHost ? `http://${config.firebase.emulatorHost}` : null,
    stripePublishableKey: config.stripe?.publishableKey ?? null,
    stripePrices: config.stripePrices,
    gaMeasurementId: config.gaMeasurementId,
    siteChatShareId: config.siteChat ? SITE_BOT.shareId : null,
    demoBots: config.siteChat ? demoBotsForBrowser() : [],
  });
}
