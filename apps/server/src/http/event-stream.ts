import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import {
  API_ERROR,
  SSE_TYPE,
  WIDGET_MSG,
  type ApiStreamEvent,
  type apiStreamEventSchemas,
} from '@vuxo/shared';
import type { ReplyProgress } from '../engine/answer/index.js';
import type { ApiChatReply } from '../services/public-api/api-chat.js';

/**
 * The public API's streamed reply (decision 108), as Server-Sent Events: `delta` ({text}, to append; with
 * `replace: true` the whole reply so far), then `sources` ({sources}) and `done` (the reply as the JSON answer has
 * it, authoritative), or `error` ({error: {code, message}}) when the answer broke off after it began. The stream
 * opens with the answer's first text: a refusal before it (401, 404, 429…) is the usual JSON error with its
 * status. A built-in answer, written whole, comes as one `delta`.
 */
export async function streamEvents(
  reply: FastifyReply,
  answer: (onText: (progress: ReplyProgress) => void) => Promise<ApiChatReply>,
): Promise<FastifyReply> {
  let out: PassThrough | null = null;
  const open = (): PassThrough => {
    if (out) return out;
    const stream = new PassThrough();
    out = stream;
    // No proxy should hold the events back.
    void reply
      .type(SSE_TYPE)
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .send(stream);
    return stream;
  };
  // Each event's data as the OpenAPI document describes it (apiStreamEventSchemas).
  const send = <E extends ApiStreamEvent>(event: E, data: z.input<(typeof apiStreamEventSchemas)[E]>) => {
    const stream = open();
    if (!stream.destroyed) stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const failed = (message: string) => send('error', { error: { code: API_ERROR.replyCut, message } });

  let result: ApiChatReply;
  let streamed = false;
  try {
    result = await answer((progress) => {
      streamed = true;
      send(
        'delta',
        progress.type === 'replace' ? { text: progress.text, replace: true } : { text: progress.text },
      );
    });
  } catch (error) {
    if (!out) throw error;
    reply.log.error({ err: error }, 'a streamed reply failed');
    failed(WIDGET_MSG.replyCut);
    (out as PassThrough).end();
    return reply;
  }
  const { cut, ...response } = result;
  if (!streamed) send('delta', { text: response.reply });
  send('sources', { sources: response.sources });
  if (cut) failed(WIDGET_MSG.replyCut);
  else send('done', response);
  open().end();
  return reply;
}
