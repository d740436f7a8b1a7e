import { describe, expect, it } from 'vitest';
import {
  BOT_NAME_MAX,
  EMBED_GUIDES,
  EMBED_MAILTO_MAX_CHARS,
  EMBED_PLATFORM_IDS,
  embedGuideMailto,
  shareLinks,
} from '../src/index.js';

describe('the embed guides', () => {
  const snippet = shareLinks('https://chat.a-rather-long-company-name.example', {
    botId: 'bot_1',
    shareId: 'AbCdEfGhIjKlMnOpQrStUv',
  }).embedSnippet;

  it('keep every guide to 3–5 steps', () => {
    for (const id of EMBED_PLATFORM_IDS) {
      if (id === 'html') continue;
      expect(EMBED_GUIDES[id].steps.length).toBeGreaterThanOrEqual(3);
      expect(EMBED_GUIDES[id].steps.length).toBeLessThanOrEqual(5);
    }
  });

  it('email the code and every step, within what mail clients accept, for the longest bot name', () => {
    for (const id of EMBED_PLATFORM_IDS) {
      const href = embedGuideMailto(id, snippet, 'N'.repeat(BOT_NAME_MAX));
      expect(href.length).toBeLessThanOrEqual(EMBED_MAILTO_MAX_CHARS);
      const body = new URL(href).searchParams.get('body') ?? '';
      expect(body).toContain(snippet);
      for (const step of EMBED_GUIDES[id].steps) expect(body).toContain(step);
    }
  });
});
