import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { API_MSG } from '@vuxo/shared';
import { ExtractionError } from '../engine/extract/index.js';
import { ImageError } from '../engine/images/index.js';

/** An error meant for the client: its message is safe to show. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** Every API error is JSON `{ error, code? }` with a fitting status; no stack trace reaches a client. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send({ error: error.message, ...(error.code ? { code: error.code } : {}), ...error.extra });
    }
    if (error instanceof ExtractionError || error instanceof ImageError) {
      request.log.info({ code: error.code }, 'upload refused');
      return reply.status(error.status).send({ error: error.message, code: error.code });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ error: error.issues[0]?.message ?? API_MSG.badRequest });
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const message = status === 429 ? API_MSG.tooManyRequests : clientMessage(error as FastifyError);
      return reply.status(status).send({ error: message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: API_MSG.internal });
  });
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
