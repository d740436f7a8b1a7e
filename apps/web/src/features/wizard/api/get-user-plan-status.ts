import { API } from '@vuxo/shared/api';
import { WIZARD_MSG } from '@vuxo/shared/messages';
import { readReply } from '@vuxo/shared/replies';
import { planStatusResponseSchema, type UserPlan } from '@vuxo/shared/schemas';
import { ApiError, errorMessage, sendApi } from '../../../app/api-client';
import { CALL_TIMEOUT_MS } from '../../../ui-tuning';

/**
 * GET /api/get-user-plan-status (wizard call 4). Throws
 * 'Failed to verify plan: …' with 'Plan check failed with status N' or 'Invalid plan data'.
 */
export async function getUserPlanStatus(token: string): Promise<UserPlan> {
  const failed = (reason: string, status: number, cause?: unknown) =>
    new ApiError(WIZARD_MSG.planVerifyFailed(reason), status, null, null, { cause });
  let answer;
  try {
    answer = await sendApi(API.planStatus, { token, timeoutMs: CALL_TIMEOUT_MS.planCheck });
  } catch (error) {
    throw failed(errorMessage(error), 0, error);
  }
  if (!answer.ok) throw failed(WIZARD_MSG.planCheckFailedStatus(answer.status), answer.status);
  const reply = readReply(planStatusResponseSchema, answer.body);
  if (!reply) throw failed(WIZARD_MSG.invalidPlanData, answer.status);
  return reply.userPlan;
}
