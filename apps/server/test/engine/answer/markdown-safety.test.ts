import {
  escapeMarkdownText,
  isSafeLinkAddress,
  sanitizeMarkdown,
  truncate,
} from '../../../src/engine/answer/index.js';

/** No live markup may survive: what the widget's markdown renderer could turn into HTML or a bad link. */
function expectInert(markdown: string) {
  expect(markdown).not.toMatch(/<[a-z!/?]/i);
  expect(markdown.toLowerCase()).not.toContain('javascript:');
  expect(markdown.toLowerCase()).not.toContain('vbscript:');
  expect(markdown).not.toMatch(/\]\(\s*(?:&lt;)?\s*(?:javascript|data|vbscript)/i);
  expect(markdown).not.toMatch(/!\[[^\]]*\]\(/);
}

describe('sanitizeMarkdown', () => {
  it.each([
    ['<script>alert(1)</script>', '&lt;script>alert(1)&lt;/script>'],
    ['<img src=x onerror="alert(1)">', '&lt;img src=x onerror="alert(1)">'],
    ['<a href="javascript:alert(1)">x</a>', null],
    ['[click](javascript:alert(1))', 'click'],
    ['[click]( JavaScript:alert(document.cookie) )', 'click'],
    ['[click](javascript&#58;alert(1))', 'click'],
    ['[click](java\\script:alert(1))', 'click'],
    ['[a [nested] link](javascript:alert(1))', null],
    ['[x](<javascript:alert(1)>)', null],
    ['<javascript:alert(1)>', null],
    ['[ref]\n\n[ref]: javascript:alert(1)', null],
    ['![pixel](https://tracker.example/p.png)', 'pixel'],
    ['[x](data:text/html;base64,PHNjcmlwdD4=)', 'x'],
    ['[x](vbscript:msgbox(1))', 'x'],
    ['Plain javascript:void(0) text', null],
  ])('neutralises %j', (input, expected) => {
    const out = sanitizeMarkdown(input);
    expectInert(out);
    if (expected !== null) expect(out).toBe(expected);
  });

  it('keeps safe markdown as it is: http(s), mailto and relative links, lists, emphasis', () => {
    const text =
      '**Fees**: see [our site](https://example.com/fees) or write to [us](mailto:care@example.com).\n\n- one\n- two\n\n[map](/map)';
    expect(sanitizeMarkdown(text)).toBe(text);
  });

  it('caps the length at a word boundary with an ellipsis', () => {
    const out = sanitizeMarkdown('word '.repeat(1000));
    expect(out.length).toBeLessThanOrEqual(2000);
    expect(out.endsWith('word…')).toBe(true);
    expect(truncate('short', 10)).toBe('short');
  });

  it('judges link addresses like a renderer would', () => {
    expect(isSafeLinkAddress('https://example.com')).toBe(true);
    expect(isSafeLinkAddress('mailto:a@b.example')).toBe(true);
    expect(isSafeLinkAddress('page.html')).toBe(true);
    expect(isSafeLinkAddress('javascript:alert(1)')).toBe(false);
    expect(isSafeLinkAddress('JAVASCRIPT:alert(1)')).toBe(false);
    expect(isSafeLinkAddress('java&#x09;script:alert(1)')).toBe(false);
    expect(isSafeLinkAddress('&#106;avascript:alert(1)')).toBe(false);
    expect(isSafeLinkAddress('ftp://example.com')).toBe(false);
  });
});

/** Every direction control: embeddings and overrides, isolates, and the marks. */
const BIDI_CONTROLS = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
];

describe('direction controls', () => {
  it.each(BIDI_CONTROLS.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase()}`, c]))(
    'removes %s from a reply, a name and a heading',
    (_name, control) => {
      const reversed = `Pay at ${control}knil siht${control} today`;
      expect(sanitizeMarkdown(reversed)).toBe('Pay at knil siht today');
      expect(sanitizeMarkdown(`${control}[Prices](https://clinic.example/p)${control}`)).toBe(
        '[Prices](https://clinic.example/p)',
      );
      expect(escapeMarkdownText(`Harbour ${control}Clinic`)).toBe('Harbour Clinic');
    },
  );

  it('keeps right-to-left text and the zero-width joiner of emoji as they are', () => {
    const text = 'שעות פתיחה: 9–17 · ساعات العمل 👨‍👩‍👧';
    expect(sanitizeMarkdown(text)).toBe(text);
  });
});

describe('escapeMarkdownText', () => {
  it('turns a name or heading into plain text inside markdown', () => {
    expect(escapeMarkdownText('<b>Bold</b> [x](javascript:alert(1)) _y_')).toBe(
      '&lt;b\\>Bold&lt;/b\\> \\[x\\]\\(javascript:alert\\(1\\)\\) \\_y\\_',
    );
    expectInert(sanitizeMarkdown(escapeMarkdownText('[x](javascript:alert(1))')));
  });
});
