import type { FastifyInstance } from 'fastify';
import { API_MSG } from '@vuxo/shared';
import { AppError } from '../errors.js';

/**
 * Refuses a request whose JSON body or query holds a NUL character anywhere, before any route reads it: no text a
 * person writes holds one, and PostgreSQL cannot store one (a 500 there, stored as sent by SQLite). The walk uses
 * its own stack, so a body nested as deep as its size allows costs no call stack.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.query) || holdsNul(request.body)) throw new AppError('invalid', API_MSG.badRequest);
  });
}

function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\0')) return true;
    } else if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next)) {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes('\0')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}
