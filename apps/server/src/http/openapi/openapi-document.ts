import { z, type ZodType } from 'zod';
import { PUBLIC_API_DOCS, SSE_TYPE, noContentSchema, publicApiErrorSchema } from '@vuxo/shared';
import type { RouteAuth, RouteDocs } from './documented.js';
import type { PublicRoute } from './public-routes.js';

type Json = Record<string, unknown>;

const ERROR_RESPONSES = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  429: 'TooManyRequests',
} as const;
const SECURITY: Record<RouteAuth, Json[] | undefined> = {
  apiKey: [{ apiKey: [] }],
  owner: [{ ownerToken: [] }],
  none: undefined,
};

/** A zod schema as JSON Schema (2020-12, OpenAPI 3.1's dialect): what a client sends, or what it reads. */
function jsonSchema(schema: unknown, io: 'input' | 'output'): Json {
  // A valibot reply (the widget's) is not zod: such a route says nothing of its reply here.
  if (typeof schema !== 'object' || schema === null || !('_zod' in schema)) return {};
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema as ZodType, { io, unrepresentable: 'any' });
  return rest;
}

/**
 * The OpenAPI 3.1 document of every route under /api/v1 (decision 114), from the zod schemas each route parses
 * and replies with; `origin` is the server's public address.
 */
export function openApiDocument(routes: readonly PublicRoute[], origin: string): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route) };
  }
  const errorResponse = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
  return {
    openapi: '3.1.0',
    info: { title: PUBLIC_API_DOCS.title, version: '1', description: PUBLIC_API_DOCS.description },
    servers: [{ url: origin }],
    paths,
    components: {
      schemas: { Error: jsonSchema(publicApiErrorSchema, 'output') },
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([status, name]) => [
          name,
          errorResponse(PUBLIC_API_DOCS.errors[Number(status) as keyof typeof ERROR_RESPONSES]),
        ]),
      ),
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: PUBLIC_API_DOCS.apiKeyAuth },
        ownerToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: PUBLIC_API_DOCS.ownerAuth,
        },
      },
    },
  };
}

function operation(route: PublicRoute): Json {
  const { docs } = route;
  if (!docs) {
    // Listed all the same, with what the route declares: its test asks for the rest.
    return {
      parameters: pathParameters(route.url),
      responses: { 200: { description: 'OK', content: jsonContent(jsonSchema(route.reply, 'output')) } },
    };
  }
  const scope = docs.scope ? `Needs the key’s \`${docs.scope}\` scope.` : undefined;
  const description = [docs.description, scope].filter(Boolean).join(' ');
  const errors = docs.auth === 'none' ? [429] : Object.keys(ERROR_RESPONSES).map(Number);
  const security = SECURITY[docs.auth];
  return {
    operationId: docs.id,
    summary: docs.summary,
    ...(description && { description }),
    ...(security && { security }),
    parameters: [
      ...parameters(docs.params, 'path', route.url),
      ...parameters(docs.query, 'query', route.url),
    ],
    ...(docs.body && {
      requestBody: {
        required: true,
        content: { [docs.multipart ? MULTIPART : JSON_TYPE]: { schema: jsonSchema(docs.body, 'input') } },
      },
    }),
    responses: {
      [docs.status ?? 200]: success(docs),
      ...Object.fromEntries(
        errors.map((status) => [
          status,
          { $ref: `#/components/responses/${ERROR_RESPONSES[status as keyof typeof ERROR_RESPONSES]}` },
        ]),
      ),
    },
    ...(docs.examples && { 'x-codeSamples': docs.examples }),
  };
}

const JSON_TYPE = 'application/json';
const MULTIPART = 'multipart/form-data';
const jsonContent = (schema: Json) => ({ [JSON_TYPE]: { schema } });

function success(docs: RouteDocs): Json {
  if (docs.status === 204) return { description: 'No content.' };
  if (docs.status === 202 && docs.reply === noContentSchema) return { description: 'Accepted.' };
  if (docs.status === 405)
    return {
      description: PUBLIC_API_DOCS.notAllowed,
      content: jsonContent({ $ref: '#/components/schemas/Error' }),
    };
  const description = docs.status === 201 ? 'Created.' : docs.status === 202 ? 'Accepted.' : 'OK.';
  const content: Json = jsonContent(jsonSchema(docs.reply, 'output'));
  if (docs.events) content[SSE_TYPE] = { schema: eventStream(docs.events) };
  return docs.events
    ? { description: `${description} ${PUBLIC_API_DOCS.streamReply}`, content }
    : { description, content };
}

/** One event of the stream: its name (`event:`) and its JSON data (`data:`). */
function eventStream(events: Record<string, ZodType>): Json {
  return {
    description: PUBLIC_API_DOCS.streamReply,
    oneOf: Object.entries(events).map(([event, data]) => ({
      type: 'object',
      title: event,
      properties: { event: { const: event }, data: jsonSchema(data, 'output') },
      required: ['event', 'data'],
    })),
  };
}

function parameters(schema: ZodType | undefined, place: 'path' | 'query', url: string): Json[] {
  if (!schema) return place === 'path' ? pathParameters(url) : [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: place,
    required: place === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

function pathParameters(url: string): Json[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}
