import { constants, inflateSync } from 'node:zlib';
import { ExtractionError } from './errors.js';
import { PDF_CONTENT_STREAM_MAX_BYTES } from './limits.js';

/** Streams pdf.js never parses as content: images, embedded font programs, attachments, XMP metadata. */
const NOT_CONTENT =
  /\/Subtype\s*\/(?:Image|Type1C|CIDFontType0C|OpenType)\b|\/Length[123]\b|\/Type\s*\/(?:EmbeddedFile|Metadata)\b/;
/** Flate is the first (or only) filter: the one whose output can be a thousand times its input. */
const FLATE_FIRST = /\/Filter\s*(?:\[\s*)?\/Fl(?:ateDecode)?\b/;
/** How far before its `stream` keyword a stream's dictionary is looked for. */
const DICTIONARY_WINDOW = 64 * 1024;
const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);

/**
 * Refuses a PDF with a content stream that inflates past PDF_CONTENT_STREAM_MAX_BYTES before pdf.js parses any page.
 * The streams are found in the file's own bytes (a stream is never inside an object stream, and pdf.js offers no
 * raw streams), and each is inflated only up to the limit and dropped. Streams that pdf.js would parse but this
 * does not inflate (a bomb behind another filter first, or split over many streams) are still bounded by the
 * text limit, the process's memory and its time limit.
 */
export function checkPdfContentStreams(bytes: Uint8Array): void {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let from = 0;
  for (let at = file.indexOf('stream', from); at !== -1; at = file.indexOf('stream', from)) {
    from = at + 'stream'.length;
    const dictionary = streamDictionary(file, at);
    if (dictionary === null || !FLATE_FIRST.test(dictionary) || NOT_CONTENT.test(dictionary)) continue;
    const start = dataStart(file, from);
    const end = file.indexOf('endstream', start);
    if (end !== -1) from = end + 'endstream'.length;
    try {
      inflateSync(file.subarray(start, end === -1 ? file.length : end), {
        maxOutputLength: PDF_CONTENT_STREAM_MAX_BYTES,
        // Fewer, larger output buffers: a bomb is refused in a few milliseconds instead of tens.
        chunkSize: 64 * 1024,
        // pdf.js reads what a truncated or unchecked stream holds, so this counts it too.
        finishFlush: constants.Z_SYNC_FLUSH,
      });
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE')
        throw new ExtractionError('tooComplex');
      // Otherwise the stream is damaged: whether that matters is pdf.js's to judge.
    }
  }
}

/** The text from the object's header to the `stream` keyword at `at`; null when no dictionary ends there. */
function streamDictionary(file: Buffer, at: number): string | null {
  let end = at;
  while (end > 0 && WHITESPACE.has(file[end - 1]!)) end -= 1;
  if (end < 2 || file[end - 1] !== 0x3e || file[end - 2] !== 0x3e) return null;
  const windowStart = Math.max(0, end - DICTIONARY_WINDOW);
  const header = file.subarray(windowStart, end).lastIndexOf('obj');
  return file.toString('latin1', header === -1 ? windowStart : windowStart + header, end);
}

/** Where a stream's data begins: after the end of the keyword's line, as pdf.js reads it. */
function dataStart(file: Buffer, afterKeyword: number): number {
  let at = afterKeyword;
  while (file[at] === 0x20) at += 1;
  if (file[at] === 0x0d) at += 1;
  if (file[at] === 0x0a) at += 1;
  return at;
}
