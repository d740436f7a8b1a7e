import type { FastifyRequest } from 'fastify';
import { ERROR_CODES, isOriginAllowed } from '@vuxo/shared';
import { AppError } from '../errors.js';

/**
 * A bot's allowed websites (`bots.allowed_domains`, JSON text), by bot id or share id.
 * Null when there is no such bot; an empty list means any website.
 */
export type BotDomainsLookup = (identifier: string) => Promise<string[] | null>;

export const ORIGIN_NOT_ALLOWED_MSG = 'This website is not allowed to use this chat.';

/** The bot a widget call names: shareId (public bot info), botConfigId (chat) or botId (suggested questions). */
function identifierOf(request: FastifyRequest): string | null {
  const fields = {
    ...(request.query as object | undefined),
    ...(request.body as object | undefined),
  } as Record<string, unknown>;
  for (const key of ['shareId', 'botConfigId', 'botId']) {
    const value = fields[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

/**
 * A preHandler for the widget's API calls: when the bot lists allowed websites, a call sent by a page of any
 * other origin is refused with 403. The widget itself runs in the /embed iframe on this server's origin, so
 * its calls pass; framing /embed from other websites is limited by its frame-ancestors policy (web-app.ts).
 * Calls without an Origin header (same-origin GETs, servers) are not browser calls from another website.
 */
export function allowedOriginsGuard(lookup: BotDomainsLookup) {
  return async function checkOrigin(request: FastifyRequest): Promise<void> {
    const origin = request.headers.origin;
    if (!origin || origin === `${request.protocol}://${request.host}`) return;
    const identifier = identifierOf(request);
    if (!identifier) return;
    const domains = await lookup(identifier);
    if (!domains || domains.length === 0) return;
    if (!isOriginAllowed(origin, domains))
      throw new AppError('forbidden', ORIGIN_NOT_ALLOWED_MSG, ERROR_CODES.originNotAllowed);
  };
}
