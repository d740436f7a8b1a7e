import iconv from 'iconv-lite';
import { parseDocument } from './dom.js';

export function parseContentType(header: string): { mime: string; charset: string | undefined } {
  const [type = '', ...parameters] = header.split(';').map((part) => part.trim());
  const charset = parameters.find((part) => part.toLowerCase().startsWith('charset='));
  return { mime: type.toLowerCase(), charset: charset?.slice('charset='.length).replace(/^"|"$/g, '') };
}

/** UTF-8 unless `charset` names another encoding iconv-lite knows. */
export function decodeText(body: Buffer, charset: string | undefined): string {
  if (charset && !/^utf-?8$/i.test(charset) && iconv.encodingExists(charset)) {
    return iconv.decode(body, charset);
  }
  return new TextDecoder('utf-8').decode(body);
}

/**
 * An HTML page's text: in the header's charset, else UTF-8; when that is not valid UTF-8, in the
 * charset the page's own <meta> tag names (older sites often declare Windows-1252 only there).
 */
export function decodeHtml(body: Buffer, headerCharset: string | undefined): string {
  const text = decodeText(body, headerCharset);
  if (headerCharset || !text.includes('\uFFFD')) return text;
  const declared = metaCharset(text);
  return declared ? decodeText(body, declared) : text;
}

function metaCharset(html: string): string | undefined {
  const document = parseDocument(html);
  const charset = document.querySelector('meta[charset]')?.getAttribute('charset')?.trim();
  if (charset) return charset;
  for (const meta of document.querySelectorAll('meta[http-equiv][content]')) {
    if (meta.getAttribute('http-equiv')?.toLowerCase() !== 'content-type') continue;
    return parseContentType(meta.getAttribute('content') ?? '').charset;
  }
  return undefined;
}
