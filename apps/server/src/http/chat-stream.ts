import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHAT_STREAM_TYPE, WIDGET_MSG, type ChatResponse, type ChatStreamEvent } from '@vuxo/shared';
import type { ReplyProgress } from '../engine/answer/index.js';
import type { ChatReply } from '../services/chat.js';

/** True when the client reads a streamed reply (decision 030). */
export const wantsStream = (request: FastifyRequest) =>
  (request.headers.accept ?? '').includes(CHAT_STREAM_TYPE);

/**
 * Answers with the reply as JSON lines while a model writes it (packages/shared chat-stream.ts). The stream starts
 * with the first text, so everything before it (a refusal, a limit, a built-in answer) is the usual JSON answer.
 */
export async function streamReply(
  reply: FastifyReply,
  answer: (onText: (progress: ReplyProgress) => void) => Promise<ChatReply>,
): Promise<ChatResponse | FastifyReply> {
  let out: PassThrough | null = null;
  const write = (event: ChatStreamEvent) => {
    if (out && !out.destroyed) out.write(`${JSON.stringify(event)}\n`);
  };
  let result: ChatReply;
  try {
    result = await answer((progress) => {
      if (!out) {
        out = new PassThrough();
        // No proxy should hold the lines back.
        void reply.type(CHAT_STREAM_TYPE).header('x-accel-buffering', 'no').send(out);
      }
      write(progress);
    });
  } catch (error) {
    if (!out) throw error;
    reply.log.error({ err: error }, 'a streamed reply failed');
    write({ type: 'cut', error: WIDGET_MSG.replyCut });
    (out as PassThrough).end();
    return reply;
  }
  const { cut, ...response } = result;
  if (!out) return response;
  write(
    cut
      ? { type: 'cut', error: WIDGET_MSG.replyCut, ...withoutReply(response) }
      : { type: 'done', ...response },
  );
  (out as PassThrough).end();
  return reply;
}

const withoutReply = ({ reply: _reply, ...rest }: ChatResponse) => rest;
