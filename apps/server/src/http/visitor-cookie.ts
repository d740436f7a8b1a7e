import type { FastifyReply, FastifyRequest } from 'fastify';
import { VISITOR_ID_COOKIE, VISITOR_ID_MAX } from '@vuxo/shared';

/** About 400 days, the longest lifetime browsers keep a cookie. */
const COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

/** Hosts browsers treat as secure over plain http, so they accept Secure cookies from them. */
const LOCAL_HOST = /^(localhost|[^.]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** Every visitor-id cookie sent (a browser may hold a partitioned and an older unpartitioned one). */
export function visitorCookies(request: FastifyRequest): string[] {
  const header = request.headers.cookie;
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    const value = rest.join('=').slice(0, VISITOR_ID_MAX);
    if (key === VISITOR_ID_COOKIE && value) values.push(value);
  }
  return values;
}

/**
 * Keeps the visitor id in an HttpOnly cookie. The widget is an iframe on the owner's website, where browsers
 * that block third-party cookies (and storage) still keep a partitioned cookie (CHIPS: SameSite=None; Secure;
 * Partitioned), one per website it is embedded on: so a visitor's messages stay one conversation across
 * the site's pages (decision 061). Secure needs https, or a local host; elsewhere over http, SameSite=Lax.
 */
export function setVisitorCookie(request: FastifyRequest, reply: FastifyReply, visitorId: string): void {
  const secure = request.protocol === 'https' || LOCAL_HOST.test(request.hostname);
  const attributes = secure ? 'SameSite=None; Secure; Partitioned' : 'SameSite=Lax';
  reply.header(
    'set-cookie',
    `${VISITOR_ID_COOKIE}=${visitorId}; Path=/api; Max-Age=${COOKIE_MAX_AGE_S}; HttpOnly; ${attributes}`,
  );
}
