import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  API,
  API_MSG,
  botDomainsResponseSchema,
  botIdSchema,
  botThemeResponseSchema,
  deleteBotResponseSchema,
  listBotsResponseSchema,
  updateBotSettingsResponseSchema,
  deleteBotRequestSchema,
  keepBotLiveRequestSchema,
  keepBotLiveResponseSchema,
  updateBotDomainsRequestSchema,
  updateBotSettingsRequestSchema,
  updateBotThemeRequestSchema,
  type BotDomainsResponse,
  type BotThemeResponse,
  type DeleteBotResponse,
  type KeepBotLiveResponse,
  type ListBotsResponse,
  type UpdateBotSettingsResponse,
} from '@vuxo/shared';
import type { AuthHandlers } from '../http/authenticate.js';
import { replies } from '../http/response-schemas.js';
import { AppError } from '../errors.js';
import type { BotAdminService } from '../services/bot-admin.js';

export interface DashboardRouteDeps {
  auth: AuthHandlers;
  botAdmin: BotAdminService;
}

const botIdQuerySchema = z.object({ botId: botIdSchema });
const avatarParamsSchema = z.object({ botId: botIdSchema });

/** An avatar never changes under one URL (its image id is in the query); a deleted bot's stops within the hour. */
const AVATAR_CACHE = 'public, max-age=3600';

/**
 * The dashboard's calls. Plan status is the
 * wizard's route (`GET /api/get-user-plan-status`), shared by both screens.
 */
export function dashboardRoutes(app: FastifyInstance, deps: DashboardRouteDeps) {
  const { auth, botAdmin } = deps;

  app.get(
    API.listBots,
    { preHandler: auth.requireUser, ...replies(listBotsResponseSchema) },
    async (request): Promise<ListBotsResponse> => {
      return { bots: await botAdmin.list(request.user!) };
    },
  );

  app.post(
    API.deleteBot,
    { preHandler: auth.requireUser, ...replies(deleteBotResponseSchema) },
    async (request): Promise<DeleteBotResponse> => {
      const { botId } = deleteBotRequestSchema.parse(request.body);
      return botAdmin.delete(request.user!, botId, request.log);
    },
  );

  app.post(
    API.keepBotLive,
    { preHandler: auth.requireUser, ...replies(keepBotLiveResponseSchema) },
    async (request): Promise<KeepBotLiveResponse> => {
      const { botId } = keepBotLiveRequestSchema.parse(request.body);
      return botAdmin.keepLive(request.user!, botId);
    },
  );

  app.get(
    API.botDomains,
    { preHandler: auth.requireUser, ...replies(botDomainsResponseSchema) },
    async (request): Promise<BotDomainsResponse> => {
      const { botId } = botIdQuerySchema.parse(request.query);
      return botAdmin.domains(request.user!, botId);
    },
  );

  app.post(
    API.updateBotDomains,
    { preHandler: auth.requireUser, ...replies(botDomainsResponseSchema) },
    async (request): Promise<BotDomainsResponse> => {
      const { botId, allowedDomains } = updateBotDomainsRequestSchema.parse(request.body);
      return botAdmin.updateDomains(request.user!, botId, allowedDomains);
    },
  );

  app.post(
    API.updateBotTheme,
    { preHandler: auth.requireUser, ...replies(botThemeResponseSchema) },
    async (request): Promise<BotThemeResponse> => {
      const { botId, themeId } = updateBotThemeRequestSchema.parse(request.body);
      return botAdmin.updateTheme(request.user!, botId, themeId);
    },
  );

  app.post(
    API.updateBotSettings,
    { preHandler: auth.requireUser, ...replies(updateBotSettingsResponseSchema) },
    async (request): Promise<UpdateBotSettingsResponse> => {
      const { botId, ...change } = updateBotSettingsRequestSchema.parse(request.body);
      return botAdmin.updateSettings(request.user!, botId, change);
    },
  );

  app.get(API.botAvatarRoute, async (request, reply) => {
    const { botId } = avatarParamsSchema.parse(request.params);
    const avatar = await botAdmin.avatar(botId);
    if (!avatar) throw new AppError('notFound', API_MSG.notFound);
    const etag = `"${avatar.imageId}"`;
    reply
      .header('cache-control', AVATAR_CACHE)
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      // The widget shows avatars on other websites.
      .header('cross-origin-resource-policy', 'cross-origin');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('image/png').send(avatar.png);
  });
}
