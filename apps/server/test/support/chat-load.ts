import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { API, MESSAGES_PER_DAY, VISITOR_ID_HEADER } from '@vuxo/shared';

/** Visitors chatting at once, each loop one visitor after another. */
const LOOPS = 24;
/** A request still unanswered after this is a hang (a failure of its own kind). */
const REQUEST_TIMEOUT_MS = 10_000;
const QUESTIONS = [
  'What are your opening hours?',
  'How much is a consultation?',
  'How can I contact you?',
  'Are you open on Saturday?',
];

/** One chat message sent under load: its answer, or the connection error in its place. */
export interface Attempt {
  startedAt: number;
  endedAt: number;
  /** Null when no answer came: the connection failed. */
  status: number | null;
  /** The connection error's code (ECONNRESET, …) when no answer came. */
  error: string | null;
  retryAfter: string | undefined;
  body: unknown;
}

/**
 * A visitor (their own address, their own browser connection): messages one after another until the day's
 * last, or until one is not answered with a 200; then the loop goes on with a new visitor. So every
 * message but a visitor's last was answered, and what they were told is exactly predictable.
 */
export interface Visitor {
  address: string;
  id: string | undefined;
  /** `messagesLeft` of each answered message, in order. */
  acked: number[];
  /** Their last message got no 200: it may or may not have been counted. */
  failed: boolean;
}

/**
 * Visitors chatting with one bot at once over real HTTP, each from their own address (X-Forwarded-For, for a
 * server with TRUST_PROXY) on their own keep-alive connection; `visitors` keeps every one of them.
 */
export function chatLoad(target: { base: string; shareId: string }) {
  const visitors: Visitor[] = [];
  let addresses = 0;
  const newVisitor = (): Visitor => {
    const n = ++addresses;
    const visitor: Visitor = {
      address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      id: undefined,
      acked: [],
      failed: false,
    };
    visitors.push(visitor);
    return visitor;
  };

  /** One chat message on the visitor's own connection (`agent`), as their browser sends it. */
  const send = (visitor: Visitor, agent: Agent): Promise<Attempt> => {
    const startedAt = Date.now();
    const payload = JSON.stringify({
      botConfigId: target.shareId,
      message: QUESTIONS[visitor.acked.length % QUESTIONS.length],
    });
    return new Promise((resolve) => {
      const failed = (error: Error) =>
        resolve({
          startedAt,
          endedAt: Date.now(),
          status: null,
          error: (error as NodeJS.ErrnoException).code ?? error.name,
          retryAfter: undefined,
          body: null,
        });
      const sent = request(
        `${target.base}${API.chat}`,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            'x-forwarded-for': visitor.address,
            ...(visitor.id ? { [VISITOR_ID_HEADER]: visitor.id } : {}),
          },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('error', failed);
          response.on('end', () => {
            let body: unknown = text;
            try {
              body = JSON.parse(text);
            } catch {
              // Kept as text.
            }
            const retryAfter = response.headers['retry-after'];
            resolve({
              startedAt,
              endedAt: Date.now(),
              status: response.statusCode!,
              error: null,
              retryAfter,
              body,
            });
          });
        },
      );
      sent.on('error', failed);
      sent.end(payload);
    });
  };

  /**
   * Runs `scenario` while LOOPS visitors chat at once, one visitor after another on each loop; returns every
   * message sent, once the loops have stopped.
   */
  async function underLoad(scenario: (attempts: Attempt[]) => Promise<void>): Promise<Attempt[]> {
    const attempts: Attempt[] = [];
    let stopping = false;
    const loop = async () => {
      while (!stopping) {
        const visitor = newVisitor();
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        try {
          while (!stopping) {
            const attempt = await send(visitor, agent);
            attempts.push(attempt);
            const reply = attempt.body as { messagesLeft?: number; visitorId?: string } | null;
            if (attempt.status !== 200 || reply?.messagesLeft === undefined) {
              visitor.failed = true;
              // A moment before the next visitor, as a page that failed does not retry in a tight loop.
              await sleep(25);
              break;
            }
            visitor.id ??= reply.visitorId;
            visitor.acked.push(reply.messagesLeft);
            if (reply.messagesLeft === 0) break;
          }
        } finally {
          agent.destroy();
        }
      }
    };
    const loops = Array.from({ length: LOOPS }, loop);
    try {
      await scenario(attempts);
    } finally {
      stopping = true;
      await Promise.all(loops);
    }
    return attempts;
  }

  const answeredSince = (attempts: Attempt[], since: number) =>
    attempts.filter((attempt) => attempt.status === 200 && attempt.startedAt >= since).length;

  /** Each visitor was told 14, 13, 12, … left: every answered message counted once, in order. */
  function miscounted(among: Visitor[]) {
    return among
      .map((visitor) => ({
        address: visitor.address,
        acked: visitor.acked,
        expected: visitor.acked.map((_, i) => MESSAGES_PER_DAY - 1 - i),
      }))
      .filter(({ acked, expected }) => acked.join() !== expected.join());
  }

  return { visitors, underLoad, answeredSince, miscounted };
}
