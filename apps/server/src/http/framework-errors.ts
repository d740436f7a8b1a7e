import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyServerOptions } from 'fastify';
import { API_MSG } from '@vuxo/shared';
import { clientMessage } from './errors.js';

type Headers = Readonly<Record<string, string>>;

/**
 * Replies Fastify and Node make before any route or hook runs, in the product's JSON error shape and with the
 * security headers every other response carries: a URL that does not decode (`GET /%`), and a request the HTTP
 * parser refuses (a malformed header, headers too large, a request too slow; there is no request object yet).
 */
export function frameworkErrorReplies(
  security: Headers,
): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  return {
    frameworkErrors(error, request, routeReply) {
      const reply = routeReply as FastifyReply;
      const status = error.statusCode ?? 400;
      void reply
        .headers(security)
        .header('x-request-id', request.id)
        .status(status)
        .send({ error: status >= 500 ? API_MSG.internal : clientMessage(error) });
    },
    clientErrorHandler(error, socket) {
      // A reset connection is gone: nothing to answer.
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const [status, message] = parserRefusal(error.code);
      if (socket.writable) socket.write(rawResponse(status, { error: message }, security));
      socket.destroy(error);
    },
  };
}

function parserRefusal(code: string | undefined): [number, string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'The request took too long to arrive.'];
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'The request headers are too large.'];
  return [400, API_MSG.badRequest];
}

function rawResponse(status: number, body: object, headers: Headers): string {
  const json = JSON.stringify(body);
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(json)}`,
    'connection: close',
  ];
  return `${lines.join('\r\n')}\r\n\r\n${json}`;
}
