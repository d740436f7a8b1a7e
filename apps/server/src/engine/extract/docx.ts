import { Inflate, zipSync } from 'fflate';
import mammoth from 'mammoth';
import { ExtractionError } from './errors.js';
import { htmlToText } from './html-to-text.js';
import { DOCX_MAX_ENTRIES, DOCX_MAX_UNCOMPRESSED_BYTES } from './limits.js';
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

/** Reads the ZIP directory; a ZIP without `word/document.xml` (plain ZIP, .xlsx, .pptx…) is a wrong type. */
export function readDocxDirectory(bytes: Uint8Array): ZipEntry[] {
  const entries = readCentralDirectory(bytes, locateCentralDirectory(bytes));
  if (!entries.some((entry) => entry.name === 'word/document.xml')) throw new ExtractionError('wrongType');
  if (entries.length > DOCX_MAX_ENTRIES) throw new ExtractionError('docxTooLarge');
  const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
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
    if (!/\.(xml|rels)$/i.test(entry.name)) continue;
    const data = inflateEntry(entryData(bytes, entry), entry, budget);
    budget -= data.length;
    parts[entry.name] = data;
  }
  let html: string;
  try {
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
