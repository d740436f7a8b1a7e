import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LIVE_KEEPALIVE_S, LIVE_MSG, LIVE_STREAMS_PER_CLIENT, SSE_TYPE, type LiveEvent } from '@vuxo/shared';
import { AppError } from '../errors.js';
import type { LiveHub } from '../services/live/live-hub.js';

/** How long a browser waits before it reconnects a dropped stream (the SSE `retry` field). */
const RETRY_MS = 2_000;

/**
 * Open live streams, ended when the server closes (an open stream would otherwise hold its close), and counted
 * (the benchmark's figure).
 */
export function liveStreams(app: FastifyInstance) {
  const open = new Set<PassThrough>();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });
  /** Open streams per client: a stream lives for minutes, so a per-minute rate alone would let them pile up. */
  const perClient = new Map<string, number>();

  /** Counts a stream of `client`'s, refused past LIVE_STREAMS_PER_CLIENT; returns its release. */
  function admit(client: string): () => void {
    const held = perClient.get(client) ?? 0;
    if (held >= LIVE_STREAMS_PER_CLIENT) throw new AppError('limitReached', LIVE_MSG.tooManyStreams);
    perClient.set(client, held + 1);
    return () => {
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
    };
  }

  /** A Server-Sent Events stream; `onClose` runs once when either side ends it. */
  function start(reply: FastifyReply, onClose: () => void): PassThrough {
    const out = new PassThrough();
    open.add(out);
    const ping = setInterval(() => out.write(': ping\n\n'), LIVE_KEEPALIVE_S * 1000);
    ping.unref();
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(ping);
      open.delete(out);
      onClose();
      out.end();
    };
    reply.raw.once('close', close);
    out.once('close', close);
    // No proxy should hold the events back; the first line goes out at once, so the client sees it open.
    // The connection ends with the stream: kept alive, one ended by the server's close would hold that close.
    void reply
      .type(SSE_TYPE)
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .header('connection', 'close')
      .send(out);
    out.write(`retry: ${RETRY_MS}\n\n`);
    return out;
  }

  return {
    /**
     * A conversation's events after `after`, then as they come (decision 115): listening starts before the read,
     * an event comes out once and in order (`id` one more than the last sent), and a gap (an event published on
     * another process before the one heard, or missed while Redis reconnected) is read from the database.
     */
    conversation(
      reply: FastifyReply,
      options: {
        hub: LiveHub;
        key: string;
        /** Whose stream it is, for LIVE_STREAMS_PER_CLIENT: the visitor's address. */
        client: string;
        after: number;
        read: (after: number) => Promise<LiveEvent[]>;
        /** Each event once written to the stream. */
        onSent?: (event: LiveEvent) => void;
      },
    ): void {
      const release = admit(options.client);
      let last = options.after;
      let reading = false;
      let again = false;
      let out: PassThrough | null = null;
      const write = (event: LiveEvent) => {
        if (event.id !== last + 1 || !out || out.writableEnded) return;
        last = event.id;
        out.write(`id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`);
        options.onSent?.(event);
      };
      const catchUp = async (): Promise<void> => {
        if (reading) {
          again = true;
          return;
        }
        reading = true;
        try {
          do {
            again = false;
            for (const event of await options.read(last)) write(event);
          } while (again);
        } catch (error) {
          reply.log.warn({ err: error }, 'a live stream could not read its events');
        } finally {
          reading = false;
        }
      };
      const unsubscribe = options.hub.subscribe(options.key, (payload) => {
        if (payload === null || reading) return void catchUp();
        const event = JSON.parse(payload) as LiveEvent;
        if (event.id === last + 1) write(event);
        else if (event.id > last) void catchUp();
      });
      out = start(reply, () => {
        unsubscribe();
        release();
      });
      void catchUp();
    },

    /** A bot's changes for its owner's Live view: each payload as it comes, no ids (the view reads again). */
    notices(reply: FastifyReply, options: { hub: LiveHub; key: string; client: string }): void {
      const release = admit(options.client);
      let out: PassThrough | null = null;
      const unsubscribe = options.hub.subscribe(options.key, (payload) => {
        if (out && !out.writableEnded) out.write(`data: ${payload ?? '{"resync":true}'}\n\n`);
      });
      out = start(reply, () => {
        unsubscribe();
        release();
      });
    },

    count: () => open.size,
  };
}
export type LiveStreams = ReturnType<typeof liveStreams>;
