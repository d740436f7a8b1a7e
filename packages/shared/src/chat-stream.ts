import * as v from 'valibot';
import { chatResponseSchema } from './chat-replies.js';

export { CHAT_STREAM_TYPE } from './chat.js';

/*
 * A streamed chat reply (decision 030). A client that sends `Accept: application/x-ndjson` with POST /api/chat
 * may get the reply as JSON lines while the model writes it. Only a bot answered by a language model streams:
 * otherwise, and for every refusal (400, 404, 429…), the answer is the usual JSON, so a client reads the
 * content type first. Each line is one event:
 * - `text`: more of the reply, to append;
 * - `replace`: the whole reply so far, replacing what was shown (safety rules rewrote earlier text);
 * - `done`: the finished reply (authoritative: it replaces the streamed text) and everything a plain reply has;
 * - `cut`: the model stopped mid-way; what arrived stays, with `error` as a note under it.
 * Every text is safe markdown, as a plain reply's is.
 */

const { reply: _reply, ...replyFields } = chatResponseSchema.entries;

export const chatStreamEventSchema = v.variant('type', [
  v.object({ type: v.literal('text'), text: v.string() }),
  v.object({ type: v.literal('replace'), text: v.string() }),
  v.object({ type: v.literal('done'), ...chatResponseSchema.entries }),
  v.object({ type: v.literal('cut'), error: v.string(), ...replyFields }),
]);
export type ChatStreamEvent = v.InferOutput<typeof chatStreamEventSchema>;
