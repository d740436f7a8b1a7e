import { Inflate, strToU8, zipSync } from 'fflate';
import { numberParagraphs, withoutMarks } from './docx-numbering.js';
import { ExtractionError } from './errors.js';
import { htmlToText } from './html-to-text.js';
import { checkTextLength, DOCX_MAX_ENTRIES, DOCX_MAX_UNCOMPRESSED_BYTES } from './limits.js';
import type { ZipEntry } from './zip-directory.js';
import { entryData, locateCentralDirectory, readCentralDirectory } from './zip-directory.js';

/** Compressed bytes fed to the inflater at a time: bounds the memory one step can produce (~1000x). */
const INFLATE_STEP = 16 * 1024;
const STYLE_MAP = [
  "p[style-name='Title'] => h1:fresh",
  'p.Title => h1:fresh',
  "p[style-name='Subtitle'] => h2:fresh",
  'p.Subtitle => h2:fresh',
];

/** The parts mammoth reads: the document's XML and its relationships. */
const isXmlPart = (name: string) => /\.(xml|rels)$/i.test(name);

/** Reads the ZIP directory; a ZIP without `word/document.xml` (plain ZIP, .xlsx, .pptx…) is a wrong type. */
export function readDocxDirectory(bytes: Uint8Array): ZipEntry[] {
  const entries = readCentralDirectory(bytes, locateCentralDirectory(bytes));
  if (!entries.some((entry) => entry.name === 'word/document.xml')) throw new ExtractionError('wrongType');
  if (entries.length > DOCX_MAX_ENTRIES) throw new ExtractionError('docxTooLarge');
  const declared = entries
    .filter((entry) => isXmlPart(entry.name))
    .reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (declared > DOCX_MAX_UNCOMPRESSED_BYTES) throw new ExtractionError('docxTooLarge');
  return entries;
}

/**
 * Inflates the XML parts ourselves with a running cap (declared sizes can lie), then hands mammoth a
 * re-packed, uncompressed ZIP of exactly those parts, so mammoth never inflates anything unchecked.
 */
export async function extractDocx(bytes: Uint8Array): Promise<string> {
  const entries = readDocxDirectory(bytes);
  const parts: Record<string, Uint8Array> = {};
  let budget = DOCX_MAX_UNCOMPRESSED_BYTES;
  for (const entry of entries) {
    if (!isXmlPart(entry.name)) continue;
    const data = inflateEntry(entryData(bytes, entry), entry, budget);
    budget -= data.length;
    parts[entry.name] = data;
  }
  // Before mammoth's seconds of work: 50 MB of XML may hold 40 MB of text.
  const body = parts['word/document.xml'];
  if (body) checkTextLength(countRunText(body));
  if (body) parts['word/document.xml'] = numbered(body, parts['word/numbering.xml']);
  let html: string;
  try {
    // Loaded when needed: each extraction process starts fresh, and most documents are not Word files.
    const { default: mammoth } = await import('mammoth');
    const repacked = zipSync(parts, { level: 0 });
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(repacked.buffer, repacked.byteOffset, repacked.byteLength) },
      {
        styleMap: STYLE_MAP,
        externalFileAccess: false,
        ignoreEmptyParagraphs: true,
        convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
      },
    );
    html = result.value;
  } catch (cause) {
    throw new ExtractionError('corrupt', { cause });
  }
  return htmlToText(html);
}

/** The document part with its list numbers written in (docx-numbering.ts), and no stray label marks. */
function numbered(body: Uint8Array, numbering: Uint8Array | undefined): Uint8Array {
  const xml = withoutMarks(new TextDecoder().decode(body));
  return strToU8(numbering ? numberParagraphs(xml, new TextDecoder().decode(numbering)) : xml);
}

/**
 * About how many characters the `<w:t>` runs of a WordprocessingML part hold, read from its bytes without decoding
 * them: UTF-8 continuation bytes and the rest of an entity (`&amp;`) are not counted.
 */
export function countRunText(xml: Uint8Array): number {
  let count = 0;
  let inRun = false;
  for (let i = 0; i < xml.length; i++) {
    const byte = xml[i]!;
    if (byte === 0x3c) {
      // `<w:t>` or `<w:t …>` opens a run of text; any other tag ends it.
      const next = xml[i + 4];
      inRun =
        xml[i + 1] === 0x77 && xml[i + 2] === 0x3a && xml[i + 3] === 0x74 && (next === 0x3e || next === 0x20);
      if (inRun) i = xml.indexOf(0x3e, i);
      if (i < 0) break;
    } else if (inRun && (byte & 0xc0) !== 0x80) {
      count += 1;
      if (byte === 0x26) i = Math.max(i, xml.indexOf(0x3b, i));
    }
  }
  return count;
}

function inflateEntry(data: Uint8Array, entry: ZipEntry, budget: number): Uint8Array {
  if (entry.flags & 0x1) throw new ExtractionError('corrupt');
  if (entry.method === 0) {
    if (data.length > budget) throw new ExtractionError('docxTooLarge');
    return data;
  }
  if (entry.method !== 8) throw new ExtractionError('corrupt');
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > budget) throw new ExtractionError('docxTooLarge');
    chunks.push(chunk);
  });
  try {
    for (let at = 0; at < data.length || at === 0; at += INFLATE_STEP) {
      inflater.push(data.subarray(at, at + INFLATE_STEP), at + INFLATE_STEP >= data.length);
    }
  } catch (cause) {
    if (cause instanceof ExtractionError) throw cause;
    throw new ExtractionError('corrupt', { cause });
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
