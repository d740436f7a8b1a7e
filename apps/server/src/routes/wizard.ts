import type { FastifyInstance } from 'fastify';
import {
  API,
  AVATAR_MAX_BYTES,
  WIZARD_MSG,
  cancelReadingRequestSchema,
  documentReadingResponseSchema,
  extractReplySchema,
  type DocumentReadingResponse,
  documentTextSchema,
  saveDocumentTextFieldsSchema,
  saveDocumentTextResponseSchema,
  DOCUMENT_TEXT_MAX_UTF8_BYTES,
  planStatusResponseSchema,
  saveConfigRequestSchema,
  saveConfigResponseSchema,
  uploadImageResponseSchema,
  sessionIdSchema,
  type SaveDocumentTextResponse,
  type UploadImageResponse,
} from '@vuxo/shared';
import type { AuthHandlers } from '../http/authenticate.js';
import { readUpload } from '../http/multipart.js';
import { replies } from '../http/response-schemas.js';
import type { BotsService } from '../services/bots.js';
import type { PlansService } from '../services/plans.js';
import type { DocumentReadingsService } from '../services/document-readings.js';
import type { WizardSessionsService } from '../services/wizard-sessions.js';

export interface WizardRouteDeps {
  auth: AuthHandlers;
  wizard: WizardSessionsService;
  bots: BotsService;
  plans: PlansService;
  readings: DocumentReadingsService;
  processAvatar: (bytes: Uint8Array) => Promise<Uint8Array>;
}

/** Anonymous visitors fill in the wizard before logging in, so uploads are rate-limited per address. */
const UPLOAD_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: '10 minutes' } };

/** The wizard's calls. */
export function wizardRoutes(app: FastifyInstance, deps: WizardRouteDeps) {
  app.post(
    API.extract,
    { preHandler: deps.auth.optionalUser, config: UPLOAD_RATE_LIMIT, ...replies(extractReplySchema) },
    async (request, reply) => {
      // Known before a byte of the body is read: anonymous callers stop at the Free Trial's size.
      const maxBytes = await deps.plans.documentMaxBytes(request.user?.id ?? null);
      const upload = await readUpload(request, {
        fileField: 'file',
        maxBytes,
        tooLargeMessage: WIZARD_MSG.documentTooLargeFor(maxBytes),
        missingMessage: WIZARD_MSG.documentNotSelected,
      });
      const sessionId = sessionIdSchema.parse(upload.fields.sessionId);
      const ocrMaxPages = await deps.plans.ocrMaxPages(request.user?.id ?? null);
      const read = await deps.readings.read({
        clientAddress: request.ip,
        sessionId,
        userId: request.user?.id ?? null,
        originalName: upload.filename,
        bytes: upload.bytes,
        ocrMaxPages,
      });
      return reply.code(read.status).send(read.reply);
    },
  );

  app.get(
    API.documentReading,
    { preHandler: deps.auth.optionalUser, ...replies(documentReadingResponseSchema) },
    async (request) => {
      const { sessionId } = cancelReadingRequestSchema.parse(request.query);
      const answer: DocumentReadingResponse = {
        reading: await deps.readings.progress(sessionId, request.user?.id ?? null),
      };
      return answer;
    },
  );

  app.post(
    API.cancelReading,
    { preHandler: deps.auth.optionalUser, ...replies(documentReadingResponseSchema) },
    async (request) => {
      const { sessionId } = cancelReadingRequestSchema.parse(request.body);
      const answer: DocumentReadingResponse = {
        reading: await deps.readings.cancel(sessionId, request.user?.id ?? null),
      };
      return answer;
    },
  );

  app.post(
    API.documentText,
    {
      preHandler: deps.auth.optionalUser,
      config: UPLOAD_RATE_LIMIT,
      ...replies(saveDocumentTextResponseSchema),
    },
    async (request) => {
      const upload = await readUpload(request, {
        fileField: 'text',
        maxBytes: DOCUMENT_TEXT_MAX_UTF8_BYTES,
        tooLargeMessage: WIZARD_MSG.documentTextTooLong,
        missingMessage: WIZARD_MSG.documentTextEmpty,
      });
      const fields = saveDocumentTextFieldsSchema.parse(upload.fields);
      const text = documentTextSchema.parse(new TextDecoder().decode(upload.bytes));
      const preview = await deps.wizard.saveDocumentText({
        ...fields,
        text,
        userId: request.user?.id ?? null,
      });
      const reply: SaveDocumentTextResponse = { text: preview };
      return reply;
    },
  );

  app.post(
    API.uploadImage,
    { preHandler: deps.auth.optionalUser, config: UPLOAD_RATE_LIMIT, ...replies(uploadImageResponseSchema) },
    async (request) => {
      const upload = await readUpload(request, {
        fileField: 'image',
        maxBytes: AVATAR_MAX_BYTES,
        tooLargeMessage: WIZARD_MSG.imageTooLarge,
        missingMessage: WIZARD_MSG.noImageFile,
      });
      const sessionId = sessionIdSchema.parse(upload.fields.sessionId);
      const png = await deps.processAvatar(upload.bytes);
      const reply: UploadImageResponse = await deps.wizard.storeAvatar({
        sessionId,
        userId: request.user?.id ?? null,
        png,
      });
      return reply;
    },
  );

  app.post(
    API.saveConfig,
    { preHandler: deps.auth.requireUser, ...replies(saveConfigResponseSchema) },
    async (request) => {
      const config = saveConfigRequestSchema.parse(request.body);
      return deps.bots.save(request.user!, config);
    },
  );

  app.get(
    API.planStatus,
    { preHandler: deps.auth.requireUser, ...replies(planStatusResponseSchema) },
    async (request) => ({
      success: true as const,
      userPlan: await deps.plans.status(request.user!.id),
    }),
  );
}
