/**
 * Reading an API reply with its shared schema, whichever library wrote it: zod (`schemas/`) and valibot
 * (`chat-replies.ts`) both implement Standard Schema's `~standard.validate`. No library is imported here.
 */

/** A schema of either library, as both implement it (Standard Schema). */
export interface ReplySchema<T> {
  readonly '~standard': {
    validate(
      value: unknown,
    ): { value: T; issues?: undefined } | { issues: readonly unknown[] } | Promise<unknown>;
  };
}

/** Reads a reply with its schema: the value (unknown fields left out), or undefined when it does not match. */
export function readReply<T>(schema: ReplySchema<T>, value: unknown): T | undefined {
  const result = schema['~standard'].validate(value);
  return result instanceof Promise || result.issues ? undefined : result.value;
}

/** Like readReply, but a reply that does not match throws (for callers with nothing better to do). */
export function parseReply<T>(schema: ReplySchema<T>, value: unknown): T {
  const result = schema['~standard'].validate(value);
  if (result instanceof Promise || result.issues) throw new Error('The reply does not match its schema.');
  return result.value;
}
