import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
}

/** What the receiver does with the next request: answer with a status, or hold it open and never answer. */
export type Behaviour = number | 'hold';

/**
 * A local webhook endpoint: it keeps every request it gets and answers each with the next of `plan` (200 once
 * the plan is used up).
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const plan: Behaviour[] = [];
  const held: ServerResponse[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const next = plan.shift() ?? 200;
      if (next === 'hold') held.push(response);
      else response.writeHead(next, { 'content-type': 'text/plain' }).end(next < 300 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    /** Answers the next requests so, in order. */
    plan: (...next: Behaviour[]) => plan.push(...next),
    /** The received bodies of one event type. */
    ofType: (type: string) => received.filter((r) => (JSON.parse(r.body) as { type: string }).type === type),
    async stop() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
