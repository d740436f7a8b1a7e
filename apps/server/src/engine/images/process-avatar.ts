import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX } from '@vuxo/shared/limits';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError, type AppErrorKind } from '../../errors.js';
import { IMAGE_MSG } from './messages.js';

export type ImageErrorCode = keyof typeof IMAGE_MSG;

const KIND: Record<ImageErrorCode, AppErrorKind> = {
  empty: 'invalid',
  wrongType: 'unsupportedType',
  tooLarge: 'tooLarge',
  tooManyPixels: 'unprocessable',
  corrupt: 'unprocessable',
};

/** An avatar the engine refuses; its message is shown to the user. */
export class ImageError extends AppError {
  override readonly name = 'ImageError';
  declare readonly code: ImageErrorCode;

  constructor(code: ImageErrorCode, options?: { cause?: unknown }) {
    super(KIND[code], IMAGE_MSG[code], code, undefined, options);
  }
}

/** Decoding refuses images with more pixels than this (a small file can declare a huge canvas). */
export const AVATAR_MAX_INPUT_PIXELS = 40_000_000;
/** file-type names; APNG is a PNG whose first frame any PNG decoder reads. */
const ACCEPTED = new Set(['jpg', 'png', 'apng', 'gif', 'webp']);

/**
 * Turns an uploaded JPEG, PNG, GIF or WebP (recognised by its bytes) into a square PNG avatar of
 * AVATAR_SIZE_PX, cover-fit and centred, upright per EXIF, first frame only, with no metadata.
 */
export async function processAvatar(bytes: Uint8Array): Promise<Uint8Array> {
  if (bytes.length === 0) throw new ImageError('empty');
  if (bytes.length > AVATAR_MAX_BYTES) throw new ImageError('tooLarge');
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.ext)) throw new ImageError('wrongType');
  try {
    // sharp writes no metadata (EXIF, ICC, XMP, text chunks) unless asked to with withMetadata/keepMetadata.
    const png = await sharp(bytes, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: 'error', pages: 1 })
      .autoOrient()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'centre' })
      .png()
      .toBuffer();
    return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : '';
    throw new ImageError(/pixel limit/i.test(message) ? 'tooManyPixels' : 'corrupt', { cause });
  }
}
