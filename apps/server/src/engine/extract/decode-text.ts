import chardet from 'chardet';
import iconv from 'iconv-lite';
import { ExtractionError } from './errors.js';

/** Legacy encodings accepted for text without a BOM that is not valid UTF-8: one byte per character only. */
const SINGLE_BYTE = /^(windows-125\d|ISO-8859-\d+|KOI8-[RU])$/i;
const MARKUP = /^\s*(<!doctype|<html[\s>]|<\?xml|<svg[\s>])/i;
/** Control characters other than the usual whitespace ones (tab, LF, CR, FF, VT). */
const STRAY_CONTROL = /[^\P{Cc}\t\n\r\f\v]|\uFFFD/gu;

export function hasTextBom(bytes: Uint8Array): boolean {
  const [a, b, c] = bytes;
  return (a === 0xef && b === 0xbb && c === 0xbf) || (a === 0xff && b === 0xfe) || (a === 0xfe && b === 0xff);
}

/**
 * Decodes a file that has no recognised binary signature as text, or refuses it as a wrong type:
 * UTF-8 (BOM optional), UTF-16 with a BOM, otherwise the single-byte encoding chardet finds most likely.
 */
export function decodeText(bytes: Uint8Array): string {
  const text = decode(bytes);
  const strays = text.match(STRAY_CONTROL)?.length ?? 0;
  if (strays > Math.max(8, text.length * 0.01)) throw new ExtractionError('wrongType');
  if (MARKUP.test(text)) throw new ExtractionError('wrongType');
  return text;
}

function decode(bytes: Uint8Array): string {
  const [a, b, c] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return strict('utf-8', bytes.subarray(3));
  if (a === 0xff && b === 0xfe) return strict('utf-16le', bytes.subarray(2));
  if (a === 0xfe && b === 0xff) return strict('utf-16be', bytes.subarray(2));
  if (bytes.includes(0)) throw new ExtractionError('wrongType');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), legacyEncoding(bytes));
  }
}

function strict(encoding: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch (cause) {
    throw new ExtractionError('wrongType', { cause });
  }
}

function legacyEncoding(bytes: Uint8Array): string {
  const best = chardet
    .analyse(bytes)
    .map((match) => match.name)
    .find((name) => SINGLE_BYTE.test(name) && iconv.encodingExists(name));
  // ISO-8859-1 is read as windows-1252, as browsers do: it only adds printable characters (€, curly quotes…).
  if (!best || /^ISO-8859-1$/i.test(best)) return 'windows-1252';
  return best;
}
