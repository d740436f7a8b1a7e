import { AppError, type AppErrorKind } from '../../errors.js';
import { EXTRACT_MSG } from './messages.js';

export type ExtractionErrorCode = keyof typeof EXTRACT_MSG;

const KIND: Record<ExtractionErrorCode, AppErrorKind> = {
  empty: 'invalid',
  wrongType: 'unsupportedType',
  tooLarge: 'tooLarge',
  pdfEncrypted: 'unprocessable',
  wordEncrypted: 'unprocessable',
  corrupt: 'unprocessable',
  noText: 'unprocessable',
  docxTooLarge: 'unprocessable',
  textTooLong: 'unprocessable',
  tooManyScannedPages: 'unprocessable',
  needsOcr: 'unprocessable',
  tooComplex: 'unprocessable',
  timeout: 'unprocessable',
};

/** A document the engine refuses; its message is shown to the user. */
export class ExtractionError extends AppError {
  override readonly name = 'ExtractionError';
  declare readonly code: ExtractionErrorCode;

  /** `message` replaces the code's words when they depend on the caller (a plan's cap). */
  constructor(code: ExtractionErrorCode, options?: { cause?: unknown; message?: string }) {
    super(KIND[code], options?.message ?? EXTRACT_MSG[code], code, undefined, options);
  }
}

/** The first, smaller process found pages to read by OCR (PDF page numbers; [1] for a photo) within the cap. */
export class NeedsOcrError extends ExtractionError {
  constructor(readonly scanPages: number[]) {
    super('needsOcr');
  }
}

export function isExtractionErrorCode(value: unknown): value is ExtractionErrorCode {
  return typeof value === 'string' && Object.hasOwn(KIND, value);
}
