import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_MSG } from '@vuxo/shared';
import { InvalidTokenError, type Identity } from '../adapters/identity/identity.js';
import type { UsersService, User } from '../services/users.js';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]+)$/;

/**
 * Resolves the caller from the Bearer token, and nothing else: no route trusts an id from the body.
 * Returns null when no Authorization header is sent; throws 401 for a token that does not prove who the caller is.
 */
export async function identifyCaller(
  request: FastifyRequest,
  identity: Identity,
  users: UsersService,
): Promise<User | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = BEARER.exec(header)?.[1];
  if (!token) throw new AppError('unauthenticated', API_MSG.invalidToken);
  try {
    const verified = await identity.verify(token);
    return await users.ensure(verified);
  } catch (error) {
    if (error instanceof InvalidTokenError) {
      request.log.info({ reason: error.message }, 'rejected identity token');
      throw new AppError('unauthenticated', API_MSG.invalidToken);
    }
    throw error;
  }
}

/** preHandlers for routes: `requireUser` for owner routes, `optionalUser` for routes anyone may call. */
export function authHandlers(identity: Identity, users: UsersService) {
  return {
    async requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
      const user = await identifyCaller(request, identity, users);
      if (!user) throw new AppError('unauthenticated', API_MSG.unauthenticated);
      if (!user.emailVerified)
        throw new AppError('forbidden', API_MSG.emailNotVerified, 'EMAIL_NOT_VERIFIED');
      request.user = user;
    },
    async optionalUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
      request.user = await identifyCaller(request, identity, users);
    },
    /**
     * For staff routes: anyone not signed in with a verified address on `emails` gets the 404 of an unknown
     * path, so the route does not even say that it exists.
     */
    staffOnly(emails: readonly string[]) {
      const staff = new Set(emails.map((email) => email.toLowerCase()));
      return async (request: FastifyRequest): Promise<void> => {
        const user = await identifyCaller(request, identity, users).catch((error: unknown) => {
          if (error instanceof AppError) return null;
          throw error;
        });
        if (!user?.emailVerified || !user.email || !staff.has(user.email.toLowerCase()))
          throw new AppError('notFound', API_MSG.notFound);
        request.user = user;
      };
    },
  };
}
export type AuthHandlers = ReturnType<typeof authHandlers>;
