import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  PUBLIC_API,
  PUBLIC_API_DOCS,
  apiDocumentAddedSchema,
  apiDocumentUploadSchema,
  apiDocumentsResponseSchema,
  botPathSchema,
  documentPathSchema,
  noContentSchema,
  type BotDocumentsResponse,
} from '@vuxo/shared';
import { apiKeyAuth, principalOf } from '../http/api-key-auth.js';
import { documented } from '../http/openapi/documented.js';
import { pathOf } from '../http/path-params.js';
import type { ApiKeysService } from '../services/public-api/api-keys.js';
import { startUpload, type DocumentRouteDeps } from './documents.js';

export interface PublicApiDocumentRouteDeps extends Pick<DocumentRouteDeps, 'documents' | 'readings'> {
  keys: ApiKeysService;
}

const DOCS = PUBLIC_API_DOCS.routes;
const keyed = { auth: 'apiKey', scope: 'manage:documents' } as const;

/**
 * A bot's documents with a key of the `manage:documents` scope (decision 108): the dashboard's list, add and delete,
 * through the same service as the key's owner, with the owner's plan; an added document is read in the background.
 */
export function publicApiDocumentRoutes(app: FastifyInstance, deps: PublicApiDocumentRouteDeps) {
  const withKey = apiKeyAuth(app, deps.keys);

  app.get(
    PUBLIC_API.documents,
    {
      preHandler: withKey(keyed.scope),
      ...documented({
        id: 'listDocuments',
        ...DOCS.listDocuments,
        ...keyed,
        params: botPathSchema,
        reply: apiDocumentsResponseSchema,
      }),
    },
    async (request): Promise<BotDocumentsResponse> => {
      const { botId } = pathOf(botPathSchema, request.params);
      return deps.documents.list(principalOf(request).userId, botId);
    },
  );

  app.post(
    PUBLIC_API.documents,
    {
      preHandler: withKey(keyed.scope),
      ...documented({
        id: 'addDocument',
        ...DOCS.addDocument,
        ...keyed,
        params: botPathSchema,
        body: apiDocumentUploadSchema,
        multipart: true,
        reply: apiDocumentAddedSchema,
        status: 202,
      }),
    },
    async (request, reply): Promise<FastifyReply> => {
      const { botId } = pathOf(botPathSchema, request.params);
      const { userId, plan } = principalOf(request);
      const limits = { maxBytes: plan.documentMaxBytes, ocrMaxPages: plan.ocrMaxPages };
      const added = await startUpload(request, deps, userId, { botId }, () => Promise.resolve(limits));
      return reply.code(202).send(added);
    },
  );

  app.delete(
    PUBLIC_API.document,
    {
      preHandler: withKey(keyed.scope),
      ...documented({
        id: 'deleteDocument',
        ...DOCS.deleteDocument,
        ...keyed,
        params: documentPathSchema,
        reply: noContentSchema,
        status: 204,
      }),
    },
    async (request, reply): Promise<FastifyReply> => {
      const { botId, documentId } = pathOf(documentPathSchema, request.params);
      await deps.documents.remove(principalOf(request).userId, botId, documentId);
      return reply.code(204).send();
    },
  );
}
