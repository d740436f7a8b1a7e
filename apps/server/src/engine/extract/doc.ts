import type WordExtractor from 'word-extractor';
import { ExtractionError } from './errors.js';

const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function isCompoundFile(bytes: Uint8Array): boolean {
  return CFB_MAGIC.every((byte, i) => bytes[i] === byte);
}

/**
 * Whether the compound file's directory has a stream of this name. Directory entries are 128-byte
 * records inside 512/4096-byte sectors: a UTF-16LE name, its byte length (with the NUL) at +64, the
 * entry type (2 = stream) at +66. Scanning for the record is enough to tell a Word file from an
 * Excel/Outlook/encrypted-Office one without walking the allocation tables (word-extractor does that).
 */
export function hasCompoundStream(bytes: Uint8Array, name: string): boolean {
  const needle = Buffer.from(`${name}\0`, 'utf16le');
  const haystack = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = haystack.indexOf(needle, 512); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    if (at % 128 === 0 && haystack.readUInt16LE(at + 64) === needle.length && haystack[at + 66] === 2) {
      return true;
    }
  }
  return false;
}

/** Word 97-2003 body text (plus foot- and endnotes); each paragraph becomes a blank-line separated block. */
export async function extractDoc(bytes: Uint8Array): Promise<string> {
  let document: WordExtractor.Document;
  try {
    const { default: Extractor } = await import('word-extractor');
    document = await new Extractor().extract(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (cause) {
    throw new ExtractionError('corrupt', { cause });
  }
  return [document.getBody(), document.getFootnotes(), document.getEndnotes()]
    .map((part) => part.trim().split(/\n+/).join('\n\n'))
    .filter(Boolean)
    .join('\n\n');
}
