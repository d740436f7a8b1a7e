import type { ZodType } from 'zod';
import type { ApiKeyScope, CodeSample } from '@vuxo/shared';

/** Who may call a route: a bot's API key, the signed-in owner, or anyone. */
export type RouteAuth = 'apiKey' | 'owner' | 'none';

/** A public route's entry in the OpenAPI document (decision 114): the schemas the route itself uses. */
export interface RouteDocs {
  /** The operation's id, and its key in PUBLIC_API_DOCS.routes. */
  id: string;
  summary: string;
  description?: string;
  auth: RouteAuth;
  scope?: ApiKeyScope;
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  /** The body is multipart/form-data (an upload), not JSON. */
  multipart?: boolean;
  reply: ZodType;
  /** The status it answers: 200 unless said (405 for a method a route refuses always). */
  status?: 200 | 201 | 202 | 204 | 405;
  /** For a route that may answer as Server-Sent Events: each event's data. */
  events?: Record<string, ZodType>;
  /** Code examples (`x-codeSamples`). */
  examples?: readonly CodeSample[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    docs?: RouteDocs;
  }
}

/** The route options of a documented public route: its reply schema (written through it) and its docs. */
export const documented = (docs: RouteDocs) => ({
  schema: { response: { '2xx': docs.reply } },
  config: { docs },
});
