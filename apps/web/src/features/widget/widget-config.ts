import { CLIENT_CONFIG_ELEMENT_ID } from '@vuxo/shared/page-basics';
import { BRAND, DEFAULT_SUPPORT_EMAIL } from '@vuxo/shared/brand';

/**
 * What the chat needs from the client config the server embeds in the page: the support address
 * (`{email}` in the product's messages). Read without a schema library, so the light /embed entry
 * stays light; the full app validates the same element with its schema.
 */
export interface WidgetConfig {
  brand: string;
  supportEmail: string;
}

let cached: WidgetConfig | null = null;

export function widgetConfig(): WidgetConfig {
  if (cached) return cached;
  let parsed: Record<string, unknown> = {};
  try {
    const text = document.getElementById(CLIENT_CONFIG_ELEMENT_ID)?.textContent;
    if (text) parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = {};
  }
  cached = {
    brand: typeof parsed.brand === 'string' && parsed.brand ? parsed.brand : BRAND,
    supportEmail:
      typeof parsed.supportEmail === 'string' && parsed.supportEmail
        ? parsed.supportEmail
        : DEFAULT_SUPPORT_EMAIL,
  };
  return cached;
}

/** The provider's website, where the branding links point: this app's home page. */
export function brandingUrl(): string {
  return `${window.location.origin}/`;
}
