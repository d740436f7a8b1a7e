import type { FastifyInstance } from 'fastify';
import {
  API,
  AVATAR_MAX_BYTES,
  WIZARD_MSG,
  botConfigSchema,
  extractResponseSchema,
  planStatusResponseSchema,
  saveConfigResponseSchema,
  uploadImageResponseSchema,
  sessionIdSchema,
  type ExtractResponse,
  type UploadImageResponse,
} from '@vuxo/shared';
import type { AuthHandlers } from '../http/authenticate.js';
import { readUpload } from '../http/multipart.js';
import { replies } from '../http/response-schemas.js';
import type { BotsService } from '../services/bots.js';
import type { PlansService } from '../services/plans.js';
import type { ExtractedUpload, WizardSessionsService } from '../services/wizard-sessions.js';

export interface WizardRouteDeps {
  auth: AuthHandlers;
  wizard: WizardSessionsService;
  bots: BotsService;
  plans: PlansService;
  /** Extraction slots are shared fairly between client addresses (the first argument). */
  extractDocument: (clientAddress: string, bytes: Uint8Array) => Promise<ExtractedUpload>;
  processAvatar: (bytes: Uint8Array) => Promise<Uint8Array>;
}

/** Anonymous visitors fill in the wizard before logging in, so uploads are rate-limited per address. */
const UPLOAD_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: '10 minutes' } };

/** The wizard's calls. */
export function wizardRoutes(app: FastifyInstance, deps: WizardRouteDeps) {
  app.post(
    API.extract,
    { preHandler: deps.auth.optionalUser, config: UPLOAD_RATE_LIMIT, ...replies(extractResponseSchema) },
    async (request) => {
      // Known before a byte of the body is read: anonymous callers stop at the Free Trial's size.
      const maxBytes = await deps.plans.documentMaxBytes(request.user?.id ?? null);
      const upload = await readUpload(request, {
        fileField: 'file',
        maxBytes,
        tooLargeMessage: WIZARD_MSG.documentTooLargeFor(maxBytes),
        missingMessage: WIZARD_MSG.documentNotSelected,
      });
      const sessionId = sessionIdSchema.parse(upload.fields.sessionId);
      const extracted = await deps.extractDocument(request.ip, upload.bytes);
      const stored = await deps.wizard.storeDocument({
        sessionId,
        userId: request.user?.id ?? null,
        originalName: upload.filename,
        bytes: upload.bytes,
        extracted,
      });
      const reply: ExtractResponse = {
        text: stored.preview,
        filePath: stored.filePath,
        pageCount: stored.pageCount,
      };
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
      const config = botConfigSchema.parse(request.body);
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
