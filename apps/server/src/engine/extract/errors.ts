import { EXTRACT_MSG } from './messages.js';

export type ExtractionErrorCode = keyof typeof EXTRACT_MSG;
export type ExtractionStatus = 400 | 413 | 415 | 422;

const STATUS: Record<ExtractionErrorCode, ExtractionStatus> = {
  empty: 400,
  wrongType: 415,
  tooLarge: 413,
  pdfEncrypted: 422,
  wordEncrypted: 422,
  corrupt: 422,
  noText: 422,
  docxTooLarge: 422,
  textTooLong: 422,
  tooComplex: 422,
  timeout: 422,
};

/** A document the engine refuses: `status` is the HTTP status to answer with, `message` is shown to the user. */
export class ExtractionError extends Error {
  override readonly name = 'ExtractionError';
  readonly status: ExtractionStatus;

  constructor(
    readonly code: ExtractionErrorCode,
    options?: { cause?: unknown },
  ) {
    super(EXTRACT_MSG[code], options);
    this.status = STATUS[code];
  }
}

export function isExtractionErrorCode(value: unknown): value is ExtractionErrorCode {
  return typeof value === 'string' && Object.hasOwn(STATUS, value);
}
