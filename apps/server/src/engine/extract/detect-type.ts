import { hasTextBom } from './decode-text.js';
import { hasCompoundStream, isCompoundFile } from './doc.js';
import { readDocxDirectory } from './docx.js';
import { ExtractionError } from './errors.js';
import type { DocumentKind, ExtractedDocument, ImageKind } from './types.js';
import { isZip } from './zip-directory.js';

export const DOCUMENT_FORMATS = {
  pdf: { mimeType: 'application/pdf', extension: '.pdf' },
  docx: {
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: '.docx',
  },
  doc: { mimeType: 'application/msword', extension: '.doc' },
  txt: { mimeType: 'text/plain', extension: '.txt' },
  jpeg: { mimeType: 'image/jpeg', extension: '.jpg' },
  png: { mimeType: 'image/png', extension: '.png' },
  webp: { mimeType: 'image/webp', extension: '.webp' },
} as const satisfies Record<DocumentKind, Pick<ExtractedDocument, 'mimeType' | 'extension'>>;

type Signature = { at: number; bytes: number[] };
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Photos read as documents (by OCR); whether they decode is sharp's to say. */
const IMAGE_SIGNATURES: [ImageKind, Signature][] = [
  ['png', { at: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }],
  ['jpeg', { at: 0, bytes: [0xff, 0xd8, 0xff] }],
  ['webp', { at: 8, bytes: ascii('WEBP') }], // RIFF container
];

/** Signatures of other images and media: a file that starts with one is never a document, whatever follows. */
const MEDIA_SIGNATURES: Signature[] = [
  { at: 0, bytes: ascii('GIF8') }, // GIF
  { at: 0, bytes: [0x49, 0x49, 0x2a, 0x00] }, // TIFF, little-endian
  { at: 0, bytes: [0x4d, 0x4d, 0x00, 0x2a] }, // TIFF, big-endian
  { at: 4, bytes: [...'ftyp'].map((c) => c.charCodeAt(0)) }, // HEIC, AVIF, MP4
];

const startsWith = (bytes: Uint8Array, { at, bytes: signature }: Signature): boolean =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

/**
 * The document's kind from its bytes alone (never the file name or the declared content type).
 * ZIP and compound (OLE2) files are checked for a Word main part, so a plain ZIP, a spreadsheet or a
 * presentation is a wrong type; bytes with no known signature are candidates for plain text.
 */
export async function detectDocumentKind(bytes: Uint8Array): Promise<DocumentKind> {
  // A UTF-16 BOM can look like an MPEG frame header to file-type, so BOMs are checked first.
  if (hasTextBom(bytes)) return 'txt';
  const image = IMAGE_SIGNATURES.find(([, signature]) => startsWith(bytes, signature));
  if (image) return image[0];
  // file-type wants a whole file; a GIF signature followed by text would otherwise be read as text.
  if (MEDIA_SIGNATURES.some((signature) => startsWith(bytes, signature)))
    throw new ExtractionError('wrongType');
  if (isZip(bytes)) {
    readDocxDirectory(bytes);
    return 'docx';
  }
  if (isCompoundFile(bytes)) {
    if (hasCompoundStream(bytes, 'WordDocument')) return 'doc';
    if (hasCompoundStream(bytes, 'EncryptedPackage')) throw new ExtractionError('wordEncrypted');
    throw new ExtractionError('wrongType');
  }
  // Loaded here, not at the top: most uploads are decided above, and the extraction process starts per upload.
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.ext === 'pdf') return 'pdf';
  if (detected) throw new ExtractionError('wrongType');
  return 'txt';
}
