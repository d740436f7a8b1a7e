import type { FastifyInstance } from 'fastify';
import {
  API,
  voiceAgentRequestSchema,
  voiceAgentResponseSchema,
  type VoiceAgentResponse,
} from '@vuxo/shared';
import type { AuthHandlers } from '../http/authenticate.js';
import { minuteLimiter } from '../http/rate-limits.js';
import { replies } from '../http/response-schemas.js';
import type { VoiceAgentRequestsService } from '../services/voice-agent-requests.js';

/** An owner sends one request, maybe corrects it once or twice; a script sends many. */
const REQUESTS_PER_MINUTE = 5;
const BODY_MAX_BYTES = 64 * 1024;

/** The phone agent onboarding's last step: the owner's choices, stored for the team. */
export function voiceAgentRoutes(
  app: FastifyInstance,
  deps: { auth: AuthHandlers; requests: VoiceAgentRequestsService },
) {
  const perUser = minuteLimiter(app, { name: 'voice', max: REQUESTS_PER_MINUTE, keyOf: (r) => r.user!.id });
  app.post(
    API.voiceAgentRequests,
    {
      bodyLimit: BODY_MAX_BYTES,
      preHandler: [deps.auth.requireUser, perUser],
      ...replies(voiceAgentResponseSchema),
    },
    async (request): Promise<VoiceAgentResponse> => {
      const body = voiceAgentRequestSchema.parse(request.body);
      const user = request.user!;
      return { requestId: await deps.requests.store({ id: user.id, email: user.email ?? null }, body) };
    },
  );
}
