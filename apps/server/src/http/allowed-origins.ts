import type { Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { isOriginAllowed } from '@vuxo/shared';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';

/**
 * A bot's allowed websites (decisions, section 8; `bots.allowed_domains`, JSON text), by bot id or share id.
 * Null when there is no such bot; an empty list means any website.
 */
export type BotDomainsLookup = (identifier: string) => Promise<string[] | null>;

function parseDomains(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((d): d is string => typeof d === 'string' && d !== '') : [];
  } catch {
    return [];
  }
}

export function botDomainsLookup(db: Kysely<Database>): BotDomainsLookup {
  return async (identifier) => {
    const row = await db
      .selectFrom('bots')
      .select('allowed_domains')
      .where((eb) => eb.or([eb('id', '=', identifier), eb('share_id', '=', identifier)]))
      .where('status', '!=', 'deleted')
      .executeTakeFirst();
    return row ? parseDomains(row.allowed_domains) : null;
  };
}

export const ORIGIN_NOT_ALLOWED = 'ORIGIN_NOT_ALLOWED';
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
      throw new AppError('forbidden', ORIGIN_NOT_ALLOWED_MSG, ORIGIN_NOT_ALLOWED);
  };
}
