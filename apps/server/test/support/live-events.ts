import { LIVE_API, VISITOR_ID_HEADER, type LiveEvent } from '@vuxo/shared';

/** A visitor's live stream read as a browser's EventSource would (issue 47): its events, and a way to cut it. */
export interface LiveEventReader {
  status: number;
  /** Every event received so far, in order. */
  events: LiveEvent[];
  /** Resolves once `count` events have arrived in all. */
  until(count: number, timeoutMs?: number): Promise<LiveEvent[]>;
  /** Cuts the connection, as a network drop would. */
  cut(): void;
}

export async function openLiveEvents(
  base: string,
  options: {
    botId: string;
    visitorId?: string;
    lastEventId?: number;
    extraQuery?: string;
    inHeader?: boolean;
  },
): Promise<LiveEventReader> {
  const controller = new AbortController();
  const query = new URLSearchParams({ botConfigId: options.botId });
  if (options.visitorId && !options.inHeader) query.set('visitorId', options.visitorId);
  const headers: Record<string, string> = {};
  if (options.visitorId && options.inHeader) headers[VISITOR_ID_HEADER] = options.visitorId;
  if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
  const res = await fetch(`${base}${LIVE_API.liveEvents}?${query}${options.extraQuery ?? ''}`, {
    headers,
    signal: controller.signal,
  });
  const events: LiveEvent[] = [];
  const waiters: (() => void)[] = [];
  if (res.ok && res.body) {
    void (async () => {
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const data = block
              .split('\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n');
            if (data) events.push(JSON.parse(data) as LiveEvent);
            for (const wake of waiters.splice(0)) wake();
          }
        }
      } catch {
        // Cut.
      }
    })();
  } else {
    await res.body?.cancel();
  }
  return {
    status: res.status,
    events,
    async until(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count) {
        if (Date.now() > deadline)
          throw new Error(`${events.length} of ${count} events: ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return events.slice(0, count);
    },
    cut: () => controller.abort(),
  };
}
