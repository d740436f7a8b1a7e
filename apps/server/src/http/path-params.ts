import type { ZodType } from 'zod';
import { API_ERROR, PUBLIC_API_MSG } from '@vuxo/shared';
import { AppError } from '../errors.js';

/** A path's ids: one that cannot be an id names nothing, the same 404 as an unknown one. */
export function pathOf<T>(schema: ZodType<T>, params: unknown): T {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw new AppError('notFound', PUBLIC_API_MSG.notFound, API_ERROR.notFound);
  return parsed.data;
}
