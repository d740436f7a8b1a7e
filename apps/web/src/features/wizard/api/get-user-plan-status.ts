import { API, CALL_TIMEOUT_MS, WIZARD_MSG, planStatusResponseSchema, type UserPlan } from '@vuxo/shared';
import { bearer, callApi } from './call-api';

/**
 * GET /api/get-user-plan-status (specification, section 7, wizard call 4). Throws
 * 'Failed to verify plan: …' with 'Plan check failed with status N' or 'Invalid plan data'.
 */
export async function getUserPlanStatus(token: string): Promise<UserPlan> {
  let answer;
  try {
    answer = await callApi(
      API.planStatus,
      { method: 'GET', headers: { Accept: 'application/json', ...bearer(token) } },
      CALL_TIMEOUT_MS.planCheck,
    );
  } catch (error) {
    throw new Error(WIZARD_MSG.planVerifyFailed((error as Error).message), { cause: error });
  }
  if (!answer.ok)
    throw new Error(WIZARD_MSG.planVerifyFailed(WIZARD_MSG.planCheckFailedStatus(answer.status)));
  const parsed = planStatusResponseSchema.safeParse(answer.body);
  if (!parsed.success) throw new Error(WIZARD_MSG.planVerifyFailed(WIZARD_MSG.invalidPlanData));
  return parsed.data.userPlan;
}
