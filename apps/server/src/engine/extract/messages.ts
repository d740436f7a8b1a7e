import { DOCUMENT_MAX_BYTES_ANY_PLAN, PLANS } from '@vuxo/shared/plans';
import { WIZARD_MSG } from '@vuxo/shared/messages';

/** User-facing messages of document extraction; the API returns them as the `error` field. */
export const EXTRACT_MSG = {
  empty: 'The file is empty.',
  wrongType: WIZARD_MSG.documentType,
  tooLarge: WIZARD_MSG.documentTooLargeFor(DOCUMENT_MAX_BYTES_ANY_PLAN),
  pdfEncrypted: 'This PDF is password-protected. Please upload a version without a password.',
  wordEncrypted: 'This Word document is password-protected. Please upload a version without a password.',
  corrupt: 'This file appears to be damaged and could not be read.',
  noText: WIZARD_MSG.documentNoText,
  /** The words for the Free Trial's cap; extractDocument names the caller's own. */
  tooManyScannedPages: WIZARD_MSG.scannedPagesOver(PLANS.trial.ocrMaxPages),
  /** Between the two extraction processes only (decision 066); never shown. */
  needsOcr: 'This document has pages to read from images.',
  docxTooLarge: 'This Word document is too large to process.',
  textTooLong: WIZARD_MSG.documentTextTooLong,
  tooComplex: 'This document is too large or complex to process. Please try a smaller or simpler file.',
  timeout: 'This document took too long to read. Please try a smaller or simpler file.',
} as const;
