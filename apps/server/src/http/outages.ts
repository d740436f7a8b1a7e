/**
 * Whether an error means a store the request needs (PostgreSQL, Redis) is away for a moment, rather than a bug:
 * such a request gets a 503 with Retry-After, and the next one tries again (the pool and the Redis client
 * reconnect by themselves).
 */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  // PostgreSQL: connection exceptions, and a server shutting down or starting.
  '08000',
  '08001',
  '08003',
  '08006',
  '57P01',
  '57P02',
  '57P03',
]);

const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  // ioredis, with its offline queue off and one retry.
  "Stream isn't writeable",
  'Connection is closed',
  'Command timed out',
  'Reached the max retries per request limit',
];

export function isStoreOutage(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 4; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    if (CONNECTION_MESSAGES.some((text) => cause instanceof Error && cause.message.includes(text)))
      return true;
    if (cause.name === 'MaxRetriesPerRequestError') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
