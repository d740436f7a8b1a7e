import type { FastifyReply } from 'fastify';
import { API_ERROR, PUBLIC_API_PREFIX, type ApiErrorCode } from '@vuxo/shared';

/** True for the public API's paths (decision 108), whose errors are `{ error: { code, message } }`. */
export const isPublicApi = (url: string) =>
  url === PUBLIC_API_PREFIX ||
  url.startsWith(`${PUBLIC_API_PREFIX}/`) ||
  url.startsWith(`${PUBLIC_API_PREFIX}?`);

const CODE_OF_STATUS: Record<number, ApiErrorCode> = {
  400: API_ERROR.invalidRequest,
  401: API_ERROR.unauthenticated,
  403: API_ERROR.forbidden,
  404: API_ERROR.notFound,
  405: API_ERROR.methodNotAllowed,
  409: API_ERROR.conflict,
  413: API_ERROR.tooLarge,
  415: API_ERROR.unsupportedType,
  429: API_ERROR.rateLimited,
  503: API_ERROR.unavailable,
};
const PUBLIC_CODES = new Set<string>(Object.values(API_ERROR));

/**
 * A public API error's code: the service's when it is one of API_ERROR, another of the product's codes in lower
 * case (`EMAIL_NOT_VERIFIED` → `email_not_verified`), else the status's.
 */
export function publicCodeOf(status: number, code?: string): string {
  if (code) return PUBLIC_CODES.has(code) ? code : code.toLowerCase();
  return CODE_OF_STATUS[status] ?? (status >= 500 ? API_ERROR.internal : API_ERROR.invalidRequest);
}

/** What a 429 tells the client of its window: the IETF draft's RateLimit-* fields and Retry-After. */
export function rateLimitHeaders(
  reply: FastifyReply,
  window: { limit: number; remaining: number; reset: number },
): void {
  reply.header('ratelimit-limit', String(window.limit));
  reply.header('ratelimit-remaining', String(Math.max(0, window.remaining)));
  reply.header('ratelimit-reset', String(window.reset));
}

/** Sends the public API's error shape. */
export function sendPublicError(
  reply: FastifyReply,
  status: number,
  message: string,
  code?: string,
  rateLimit?: unknown,
): FastifyReply {
  if (status === 429 && isRateLimit(rateLimit)) {
    rateLimitHeaders(reply, { ...rateLimit, remaining: 0 });
    reply.header('retry-after', String(rateLimit.reset));
  }
  return reply.status(status).send({ error: { code: publicCodeOf(status, code), message } });
}

function isRateLimit(value: unknown): value is { limit: number; reset: number } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { limit?: unknown }).limit === 'number' &&
    typeof (value as { reset?: unknown }).reset === 'number'
  );
}
