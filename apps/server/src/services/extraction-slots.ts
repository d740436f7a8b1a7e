import { fairConcurrency, type FairShare } from '../concurrency.js';
import type { ExtractDocument, ExtractionCaller } from './wizard-sessions.js';

/**
 * Extraction processes at once: two suit two cores. One caller holds at most one, and visitors who have not signed
 * in hold at most one between them (decision 086), so however many addresses send anonymous uploads, a signed-in
 * owner's upload finds a slot they cannot take.
 */
export const EXTRACTION_SLOTS = { limit: 2, perKey: 1, perGroup: { anonymous: 1 } } satisfies FairShare;

/**
 * Whose slot an upload takes: the verified user's, or for a visitor who has not signed in the address the server
 * computed for the request (the socket's, or a trusted proxy's); never anything the client wrote in a header.
 */
export function extractionSlot(caller: ExtractionCaller): { key: string; group: string } {
  return caller.userId !== null
    ? { key: `user:${caller.userId}`, group: 'signedIn' }
    : { key: `address:${caller.address}`, group: 'anonymous' };
}

/** `extract` with its slots shared as EXTRACTION_SLOTS says. */
export function sharedExtraction(
  extract: (bytes: Uint8Array, options: Parameters<ExtractDocument>[2]) => ReturnType<ExtractDocument>,
  slots: FairShare = EXTRACTION_SLOTS,
): ExtractDocument {
  const fair = fairConcurrency(extract, slots);
  return (caller, bytes, options) => fair(extractionSlot(caller), bytes, options);
}
