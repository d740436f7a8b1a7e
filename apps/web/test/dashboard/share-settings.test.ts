import { describe, expect, it } from 'vitest';
import { isOriginAllowed, isValidDomainPattern, parseDomainList, shareLinks } from '@vuxo/shared/dashboard';
import { allowedDomainsSchema } from '@vuxo/shared/schemas';

describe('share links and allowed websites', () => {
  it('builds the public chat link, the widget link and the one-line embed', () => {
    expect(shareLinks('https://vuxo.example/', { botId: 'bot_1', shareId: 'AbC123' })).toEqual({
      publicChatUrl: 'https://vuxo.example/public-chat/bot_1',
      widgetUrl: 'https://vuxo.example/embed/AbC123',
      embedSnippet: '<script src="https://vuxo.example/widget.js" data-bot="AbC123" async></script>',
    });
  });

  it('turns what an owner types into host names', () => {
    expect(
      parseDomainList('https://Shop.Example.com/about?x=1, www.example.com;\n\n user@host.test:8080/ '),
    ).toEqual(['shop.example.com', 'www.example.com', 'host.test:8080']);
  });

  it('accepts host names with an optional port or a leading *. and nothing else', () => {
    for (const ok of [
      'example.com',
      'localhost',
      'localhost:5173',
      '*.example.com',
      '127.0.0.1:8080',
      'a-b.c',
    ]) {
      expect(isValidDomainPattern(ok), ok).toBe(true);
    }
    for (const bad of [
      '',
      'https://a.com',
      'a.com/x',
      '-a.com',
      'a-.com',
      'a..com',
      'a.com:0',
      'a.com:70000',
      'a b',
    ]) {
      expect(isValidDomainPattern(bad), bad).toBe(false);
    }
  });

  it('lowercases and deduplicates, and refuses more than 20', () => {
    expect(allowedDomainsSchema.parse(['A.com', 'a.com ', 'b.com'])).toEqual(['a.com', 'b.com']);
    const many = Array.from({ length: 21 }, (_, i) => `s${i}.com`);
    expect(allowedDomainsSchema.safeParse(many).success).toBe(false);
  });

  it('matches a page origin against the list; empty allows any', () => {
    expect(isOriginAllowed('https://evil.test', [])).toBe(true);
    expect(isOriginAllowed('https://shop.example.com', ['shop.example.com'])).toBe(true);
    expect(isOriginAllowed('https://shop.example.com:8443', ['shop.example.com'])).toBe(true);
    expect(isOriginAllowed('https://example.com', ['shop.example.com'])).toBe(false);
    expect(isOriginAllowed('http://localhost:5173', ['localhost:5173'])).toBe(true);
    expect(isOriginAllowed('http://localhost:3000', ['localhost:5173'])).toBe(false);
    expect(isOriginAllowed('https://example.com', ['example.com:443'])).toBe(true);
    expect(isOriginAllowed('https://a.b.example.com', ['*.example.com'])).toBe(true);
    expect(isOriginAllowed('https://example.com', ['*.example.com'])).toBe(false);
    expect(isOriginAllowed('https://badexample.com', ['*.example.com'])).toBe(false);
    expect(isOriginAllowed('null', ['example.com'])).toBe(false);
  });
});
