import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

export interface Upload {
  bytes: Buffer;
  /** The name the browser sent: kept only as data, never used as a path. */
  filename: string;
  fields: Record<string, string>;
}

interface UploadRules {
  fileField: string;
  maxBytes: number;
  tooLargeMessage: string;
  missingMessage: string;
}

/** RFC 2046 allows boundaries of 1 to 70 characters; the multipart parser cannot search for one over 256. */
const BOUNDARY = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i;
const NOT_MULTIPART = 'Please send the file as multipart/form-data.';
/** Room around the file for the multipart framing and the few short fields (8 of at most 2 KB, 10 parts). */
const FRAMING_MAX_BYTES = 1024 * 1024;

/** Reads one file and a few short text fields from a multipart request, within the limits given. */
export async function readUpload(request: FastifyRequest, rules: UploadRules): Promise<Upload> {
  if (!request.isMultipart() || !BOUNDARY.test(request.headers['content-type'] ?? ''))
    throw new AppError('unsupportedType', NOT_MULTIPART);
  // A declared length that no upload within the limit can have is refused before a byte of the body is read.
  if (Number(request.headers['content-length']) > rules.maxBytes + FRAMING_MAX_BYTES)
    throw new AppError('tooLarge', rules.tooLargeMessage);
  let file: Omit<Upload, 'fields'> | null = null;
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: { fileSize: rules.maxBytes, files: 1, fields: 8, fieldSize: 2048, parts: 10 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === rules.fileField) file = { bytes, filename: originalName(part.filename) };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw uploadError(error, rules);
  }
  if (!file) throw new AppError('invalid', rules.missingMessage);
  return { ...file, fields };
}

function uploadError(error: unknown, rules: UploadRules): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('tooLarge', rules.tooLargeMessage);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError('invalid', 'Please send one file at a time.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('unsupportedType', NOT_MULTIPART);
  if (error instanceof Error && /multipart|boundary|Unexpected end/i.test(error.message))
    return new AppError('invalid', 'The upload was incomplete. Please try again.');
  return error;
}

/**
 * The browser's file name, kept only as data. Browsers send a bare name; one with directories or
 * control characters is not a real upload, so it is refused rather than cleaned.
 */
export function originalName(name: string | undefined): string {
  const trimmed = (name ?? '').trim();
  // eslint-disable-next-line no-control-regex
  if (/[/\\\u0000-\u001f\u007f]/.test(trimmed) || trimmed === '.' || trimmed === '..') {
    throw new AppError('invalid', 'The file name is not valid. Please rename the file and try again.');
  }
  return (trimmed || 'upload').slice(0, 255);
}
