import { ExtractionError } from '../../../src/engine/extract/errors.js';
import type { ExtractionErrorCode } from '../../../src/engine/extract/errors.js';
import { EXTRACT_MSG } from '../../../src/engine/extract/messages.js';
import { STATUS_OF } from '../../../src/http/errors.js';

/** Awaits `work` and checks it was refused with `code`, the status it answers with and its user-facing message. */
export async function expectRefusal(
  work: Promise<unknown>,
  code: ExtractionErrorCode,
  status: number,
): Promise<ExtractionError> {
  const error = await work.then(
    () => expect.fail(`expected a refusal (${code})`),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  const refusal = error as ExtractionError;
  expect({ code: refusal.code, status: STATUS_OF[refusal.kind], message: refusal.message }).toEqual({
    code,
    status,
    message: EXTRACT_MSG[code],
  });
  return refusal;
}
