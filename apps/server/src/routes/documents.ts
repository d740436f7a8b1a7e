import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  API,
  WIZARD_MSG,
  botDocumentRequestSchema,
  botDocumentUploadQuerySchema,
  botDocumentUploadResponseSchema,
  botDocumentsResponseSchema,
  botIdQuerySchema,
  successResponseSchema,
  type BotDocumentUploadResponse,
  type BotDocumentsResponse,
} from '@vuxo/shared';
import type { AuthHandlers } from '../http/authenticate.js';
import { readUpload } from '../http/multipart.js';
import { replies } from '../http/response-schemas.js';
import type { BotDocumentsService, DocumentChange } from '../services/bot-documents.js';
import type { DocumentChangeReadings } from '../services/document-change-readings.js';
import type { PlansService } from '../services/plans.js';

export interface DocumentRouteDeps {
  auth: AuthHandlers;
  documents: BotDocumentsService;
  plans: PlansService;
  /** Reads a replaced or added document in the background, with the wizard's extraction. */
  readings: DocumentChangeReadings;
}

/**
 * An upload of the dashboard or the API (decision 108): the change checked first, so a refused one reads no file;
 * then the file within the plan's size, and its reading started in the background. Returns the document's id.
 */
export async function startUpload(
  request: FastifyRequest,
  deps: Pick<DocumentRouteDeps, 'documents' | 'readings'>,
  userId: string,
  change: DocumentChange,
  limits: () => Promise<{ maxBytes: number; ocrMaxPages: number }>,
): Promise<BotDocumentUploadResponse> {
  await deps.documents.check(userId, change);
  const { maxBytes, ocrMaxPages } = await limits();
  const file = await readUpload(request, {
    fileField: 'file',
    maxBytes,
    tooLargeMessage: WIZARD_MSG.documentTooLargeFor(maxBytes),
    missingMessage: WIZARD_MSG.documentNotSelected,
  });
  return deps.readings.start({
    clientAddress: request.ip,
    userId,
    change,
    originalName: file.filename,
    bytes: file.bytes,
    ocrMaxPages,
  });
}

/** As the wizard's uploads: an owner's retries are limited per address too. */
const UPLOAD_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: '10 minutes' } };

/**
 * A bot's documents (owner only; another user's bot is the same 404). Replace and add take the file as the wizard's
 * upload does (the plan's size), after the bot and the plan's count are checked, so a refused change reads no file;
 * then they answer at once (202) and the document is read in the background with the same extraction and messages,
 * listed as `reading` with its pages meanwhile (decision 084).
 */
export function documentRoutes(app: FastifyInstance, deps: DocumentRouteDeps) {
  const { auth, documents } = deps;
  const owner = { preHandler: auth.requireUser };

  app.get(
    API.botDocuments,
    { ...owner, ...replies(botDocumentsResponseSchema) },
    async (request): Promise<BotDocumentsResponse> =>
      documents.list(request.user!.id, botIdQuerySchema.parse(request.query).botId),
  );

  const upload = (replacing: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    // The bot and document are named in the query (the body is the file); named in a JSON body instead, the
    // change is still checked first, so a refusal reads the same whichever way it was sent.
    const named = request.isMultipart()
      ? request.query
      : { ...(request.body as object), ...(request.query as object) };
    const query = botDocumentUploadQuerySchema.parse(named);
    const change = { botId: query.botId, documentId: replacing ? (query.documentId ?? '') : undefined };
    const user = request.user!;
    const answer = await startUpload(request, deps, user.id, change, async () => ({
      maxBytes: await deps.plans.documentMaxBytes(user.id),
      ocrMaxPages: await deps.plans.ocrMaxPages(user.id),
    }));
    return reply.code(202).send(answer);
  };
  const uploadRoute = { ...owner, config: UPLOAD_RATE_LIMIT, ...replies(botDocumentUploadResponseSchema) };
  app.post(API.replaceBotDocument, uploadRoute, upload(true));
  app.post(API.addBotDocument, uploadRoute, upload(false));

  app.post(API.deleteBotDocument, { ...owner, ...replies(successResponseSchema) }, async (request) => {
    const { botId, id } = botDocumentRequestSchema.parse(request.body);
    await documents.remove(request.user!.id, botId, id);
    return { success: true as const };
  });
}
