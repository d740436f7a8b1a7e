import { CLIENT_CONFIG_ELEMENT_ID, clientConfigSchema, type ClientConfig } from '@vuxo/shared';

/** The public configuration the server embeds in index.html. Read once. */
function readClientConfig(): ClientConfig {
  const element = document.getElementById(CLIENT_CONFIG_ELEMENT_ID);
  if (!element?.textContent) throw new Error('The app configuration is missing from the page.');
  return clientConfigSchema.parse(JSON.parse(element.textContent));
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
