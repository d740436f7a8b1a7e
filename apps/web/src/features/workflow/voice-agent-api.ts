import { API } from '@vuxo/shared/api';
import { voiceAgentResponseSchema, type VoiceAgentResponse } from '@vuxo/shared/schemas';
import type { VoiceAgentRequestInput } from '@vuxo/shared/voice-agent';
import { requestApi } from '../../app/api-client';
import { CALL_TIMEOUT_MS } from '../../ui-tuning';

/** Sends the onboarding's choices; a refusal is the server's message. */
export function sendVoiceAgentRequest(
  token: string,
  request: VoiceAgentRequestInput,
): Promise<VoiceAgentResponse> {
  return requestApi(
    API.voiceAgentRequests,
    { method: 'POST', token, body: request, timeoutMs: CALL_TIMEOUT_MS.saveConfig },
    voiceAgentResponseSchema,
    (status) => `the server answered ${status}.`,
  );
}
