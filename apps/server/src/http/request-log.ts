import { isIP } from 'node:net';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { API } from '@vuxo/shared';

/**
 * What the logs keep of a request (decision 013): the method, the path without its query (which can hold
 * search terms and ids), the status and the time, with the client's address cut to its network (/24 for IPv4,
 * /48 for IPv6): enough to see a flood, not to find a visitor.
 */

/** The address cut to its /24 (IPv4) or /48 (IPv6); anything else is not logged. */
export function redactAddress(address: string): string {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIP(plain) === 4) return `${plain.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIP(plain) !== 6) return 'unknown';
  const [head = '', tail = ''] = plain.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = plain.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 3)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/48`;
}

/** The URL's path; a query is replaced by `?…`. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : `${url.slice(0, query)}?…`;
}

export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: pathOf(request.url),
    address: redactAddress(request.ip),
  }),
  res: (reply: Pick<FastifyReply, 'statusCode'>) => ({ statusCode: reply.statusCode }),
};

/** Health checks, unknown paths and refused floods are routine: logged at debug, not line by line at info. */
function routine(request: FastifyRequest, reply: FastifyReply): boolean {
  return reply.statusCode === 404 || reply.statusCode === 429 || pathOf(request.url) === API.health;
}

/** One line per request, when it ends, at a level that keeps floods out of the `info` log. */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (routine(request, reply)) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'route not found');
  }
}
