import { fileTypeFromBuffer } from 'file-type';
import { hasTextBom } from './decode-text.js';
import { hasCompoundStream, isCompoundFile } from './doc.js';
import { readDocxDirectory } from './docx.js';
import { ExtractionError } from './errors.js';
import type { DocumentKind, ExtractedDocument } from './types.js';
import { isZip } from './zip-directory.js';

export const DOCUMENT_FORMATS = {
  pdf: { mimeType: 'application/pdf', extension: '.pdf' },
  docx: {
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: '.docx',
  },
  doc: { mimeType: 'application/msword', extension: '.doc' },
  txt: { mimeType: 'text/plain', extension: '.txt' },
} as const satisfies Record<DocumentKind, Pick<ExtractedDocument, 'mimeType' | 'extension'>>;

/** Signatures of images and media: a file that starts with one is never a document, whatever follows. */
const MEDIA_SIGNATURES: { at: number; bytes: number[] }[] = [
  { at: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }, // PNG
  { at: 0, bytes: [0xff, 0xd8, 0xff] }, // JPEG
  { at: 0, bytes: [...'GIF8'].map((c) => c.charCodeAt(0)) }, // GIF
  { at: 8, bytes: [...'WEBP'].map((c) => c.charCodeAt(0)) }, // WebP (RIFF container)
  { at: 0, bytes: [0x49, 0x49, 0x2a, 0x00] }, // TIFF, little-endian
  { at: 0, bytes: [0x4d, 0x4d, 0x00, 0x2a] }, // TIFF, big-endian
  { at: 4, bytes: [...'ftyp'].map((c) => c.charCodeAt(0)) }, // HEIC, AVIF, MP4
];

function startsWithMediaSignature(bytes: Uint8Array): boolean {
  return MEDIA_SIGNATURES.some(
    ({ at, bytes: signature }) =>
      bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte),
  );
}

/**
 * The document's kind from its bytes alone (never the file name or the declared content type).
 * ZIP and compound (OLE2) files are checked for a Word main part, so a plain ZIP, a spreadsheet or a
 * presentation is a wrong type; bytes with no known signature are candidates for plain text.
 */
export async function detectDocumentKind(bytes: Uint8Array): Promise<DocumentKind> {
  // A UTF-16 BOM can look like an MPEG frame header to file-type, so BOMs are checked first.
  if (hasTextBom(bytes)) return 'txt';
  // file-type wants a whole image; a PNG signature followed by text would otherwise be read as text.
  if (startsWithMediaSignature(bytes)) throw new ExtractionError('wrongType');
  if (isZip(bytes)) {
    readDocxDirectory(bytes);
    return 'docx';
  }
  if (isCompoundFile(bytes)) {
    if (hasCompoundStream(bytes, 'WordDocument')) return 'doc';
    if (hasCompoundStream(bytes, 'EncryptedPackage')) throw new ExtractionError('wordEncrypted');
    throw new ExtractionError('wrongType');
  }
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.ext === 'pdf') return 'pdf';
  if (detected) throw new ExtractionError('wrongType');
  return 'txt';
}
