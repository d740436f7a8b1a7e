import { CHAT_REPLY_MAX } from '@vuxo/shared/chat';
import { isBidiControl, withoutBidiControls } from './bidi-controls.js';

/**
 * Replies are markdown text that the widget renders. Whatever a document, a bot name or a model writes, a reply
 * never carries live markup:
 * - `<` becomes `&lt;`, so no HTML tag (`<script>`, `<img onerror=…>`) and no `<scheme:…>` autolink survives;
 * - a link or image whose address is not http(s), mailto or relative keeps only its text (`javascript:`,
 *   `data:`, `vbscript:`… links disappear, including reference definitions);
 * - images become their alt text (no tracking pixels from a document);
 * - the text of the word `javascript:` itself is broken with a zero-width joiner so no renderer links it;
 * - no control characters but tab and newline, and no direction controls (bidi-controls.ts).
 */
const SAFE_SCHEME = /^(?:https?:|mailto:|tel:|#|\/(?!\/)|\.{0,2}\/)/i;
/** `[text](dest "title")` and `![alt](dest)`; dest may be wrapped in <> (already escaped to &lt; by then). */
const INLINE_LINK =
  /(!?)\[((?:[^\]\\]|\\.){0,500})\]\(\s*((?:[^()\s\\]|\\.|\([^()\s]*\))*)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g;
/** The end of any inline link: `](` and its address. */
const LINK_TAIL = /\]\(\s*((?:[^()\s\\]|\\.|\([^()\s]*\))*)/g;
/** `[label]: destination` reference definitions at the start of a line. */
const REFERENCE_DEFINITION = /^( {0,3}\[[^\]]{1,200}\]:)[ \t]*(\S+)(.*)$/gm;
const DANGEROUS_SCHEME = /\b(javascript|vbscript|data|file|livescript)(\s*):/gi;

/** Decodes the escapes a markdown renderer would decode in a link address, to judge its scheme. */
function linkAddress(raw: string): string {
  return raw
    .replace(/^&lt;|>$/g, '')
    .replace(/\\(.)/g, '$1')
    .replace(/&#x?[0-9a-f]+;?|&colon;|&tab;|&newline;/gi, (entity) => decodeEntity(entity))
    .split('')
    .filter((c) => !isControlOrSpace(c.charCodeAt(0)))
    .join('');
}

/** C0 and C1 controls and the space: a browser ignores them inside a URL's scheme ('java\tscript:'). */
function isControlOrSpace(code: number): boolean {
  return code <= 0x20 || (code >= 0x7f && code <= 0x9f);
}

/** Line ends as `\n` and no control characters: the first rule, and the only one that looks at single characters. */
export const plainLines = (text: string) => withoutControls(text.replace(/\r\n?/g, '\n'));

/** Control characters other than tab and newline, and direction controls, have no business in a reply. */
function withoutControls(text: string): string {
  let out = '';
  for (const c of text) {
    const code = c.charCodeAt(0);
    if (isBidiControl(code)) continue;
    if (code === 0x09 || code === 0x0a || !isControlOrSpace(code) || code === 0x20) out += c;
  }
  return out;
}

function decodeEntity(entity: string): string {
  const lower = entity.toLowerCase();
  if (lower === '&colon;') return ':';
  if (lower === '&tab;' || lower === '&newline;') return '';
  const hex = lower.startsWith('&#x');
  const code = Number.parseInt(lower.replace(/^&#x?|;$/g, ''), hex ? 16 : 10);
  return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
}

export function isSafeLinkAddress(raw: string): boolean {
  const address = linkAddress(raw);
  if (address === '') return true;
  // No scheme at all ('page.html', 'www.example.com') is relative: allowed, as the widget's renderer allows it.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(address)) return !/^[\w.+-]*:/.test(address);
  return SAFE_SCHEME.test(address);
}

/** Makes any markdown safe to send as a reply (see above); also trims it to the reply cap. */
export function sanitizeMarkdown(text: string, maxLength = CHAT_REPLY_MAX): string {
  return truncate(sanitizeMarkdownPiece(text).trim(), maxLength);
}

/** The rules above without the trim and the cap: for a reply sanitized piece by piece (reply-stream.ts). */
export function sanitizeMarkdownPiece(text: string): string {
  let out = plainLines(text);
  out = out.replace(/</g, '&lt;');
  out = out.replace(INLINE_LINK, (whole, bang: string, label: string, address: string) => {
    if (bang) return label.trim() || 'image';
    return isSafeLinkAddress(address) ? whole : label;
  });
  // What the simple pattern missed (nested brackets…): an unsafe `](address` loses its link syntax.
  out = out.replace(LINK_TAIL, (whole, address: string) =>
    isSafeLinkAddress(address) ? whole : `]\\${whole.slice(1)}`,
  );
  out = out.replace(/!\[/g, '!\\[');
  out = out.replace(REFERENCE_DEFINITION, (whole, start: string, address: string) =>
    isSafeLinkAddress(address) ? whole : `${start} (link removed)`,
  );
  return out.replace(DANGEROUS_SCHEME, (_, scheme: string, space: string) => `${scheme}\u200d${space}:`);
}

/** Cuts at a word or line boundary with an ellipsis when the text is longer than max. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const boundary = Math.max(cut.lastIndexOf('\n'), cut.lastIndexOf(' '));
  return `${(boundary > max * 0.6 ? cut.slice(0, boundary) : cut).trimEnd()}…`;
}

/** Escapes text placed inside markdown (a bot name, a heading in a source line) so it stays plain text. */
export function escapeMarkdownText(text: string): string {
  return withoutBidiControls(text)
    .replace(/[\\`*_{}[\]()#+!|~>]/g, (c) => `\\${c}`)
    .replace(/</g, '&lt;')
    .replace(/\s+/g, ' ')
    .trim();
}
