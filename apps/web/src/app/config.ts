import { CLIENT_CONFIG_ELEMENT_ID } from '@vuxo/shared/page-basics';
import type { ClientConfig } from '@vuxo/shared/schemas';

/**
 * The public configuration the server embeds in index.html. Read once. The server writes it through
 * `clientConfigSchema` (as it answers GET /api/client-config), so the page reads it as it is: parsing it again
 * would load the schema library on every page.
 */
function readClientConfig(): ClientConfig {
  const element = document.getElementById(CLIENT_CONFIG_ELEMENT_ID);
  if (!element?.textContent) throw new Error('The app configuration is missing from the page.');
  return JSON.parse(element.textContent) as ClientConfig;
}

let cached: ClientConfig | null = null;

/** Where there is no page to read it from (prerendering on the server), the configuration is given. */
export function provideAppConfig(config: ClientConfig): void {
  cached = config;
}

export function appConfig(): ClientConfig {
  cached ??= readClientConfig();
  return cached;
}
