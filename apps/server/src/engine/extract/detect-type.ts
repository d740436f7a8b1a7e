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

/**
 * The document's kind from its bytes alone (never the file name or the declared content type).
 * ZIP and compound (OLE2) files are checked for a Word main part, so a plain ZIP, a spreadsheet or a
 * presentation is a wrong type; bytes with no known signature are candidates for plain text.
 */
export async function detectDocumentKind(bytes: Uint8Array): Promise<DocumentKind> {
  // A UTF-16 BOM can look like an MPEG frame header to file-type, so BOMs are checked first.
  if (hasTextBom(bytes)) return 'txt';
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
