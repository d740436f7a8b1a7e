import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { API_MSG } from '@vuxo/shared';
import { AppError, type AppErrorKind } from '../errors.js';
import { isStoreOutage } from './outages.js';
import { isPublicApi, sendPublicError } from './public-api-errors.js';

/** The one place a kind of failure becomes an HTTP status. */
export const STATUS_OF: Record<AppErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedType: 415,
  unprocessable: 422,
  limitReached: 429,
  paymentDeclined: 402,
};

/** Every API error is JSON `{ error, code? }` with a fitting status; no stack trace reaches a client. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (isPublicApi(request.url)) return publicApiError(error, request, reply);
    if (error instanceof AppError) {
      request.log.debug({ kind: error.kind, code: error.code }, 'refused');
      // A refused upload may still be arriving: close the connection rather than read the rest of it.
      if (error.kind === 'tooLarge') reply.header('connection', 'close');
      return reply
        .status(STATUS_OF[error.kind])
        .send({ error: error.message, ...(error.code ? { code: error.code } : {}), ...error.details });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ error: error.issues[0]?.message ?? API_MSG.badRequest });
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const message = status === 429 ? API_MSG.tooManyRequests : clientMessage(error as FastifyError);
      return reply.status(status).send({ error: message });
    }
    if (isStoreOutage(error)) {
      request.log.warn({ err: error }, 'a store is unavailable');
      return reply.status(503).header('retry-after', '5').send({ error: API_MSG.unavailable });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: API_MSG.internal });
  });
}

/** The same failures in the public API's one shape, `{ error: { code, message } }` (decision 108). */
function publicApiError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    request.log.debug({ kind: error.kind, code: error.code }, 'refused');
    return sendPublicError(reply, STATUS_OF[error.kind], error.message, error.code, error.details?.rateLimit);
  }
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return sendPublicError(reply, 400, issue ? `${where}${issue.message}` : API_MSG.badRequest);
  }
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message = status === 429 ? API_MSG.tooManyRequests : clientMessage(error as FastifyError);
    return sendPublicError(reply, status, message);
  }
  if (isStoreOutage(error)) {
    request.log.warn({ err: error }, 'a store is unavailable');
    reply.header('retry-after', '5');
    return sendPublicError(reply, 503, API_MSG.unavailable);
  }
  request.log.error({ err: error }, 'request failed');
  return sendPublicError(reply, 500, API_MSG.internal);
}

/** Fastify's own 4xx messages (bad JSON, too large, wrong content type) are safe and useful; keep them short. */
export function clientMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_BAD_URL') return 'The address is not valid.';
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return 'The address is too long.';
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Unsupported content type.';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The request body is empty.';
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'The request body is too large.';
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return 'The request body is not valid JSON.';
  return API_MSG.badRequest;
}
