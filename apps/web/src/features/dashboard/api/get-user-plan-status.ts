import { API, DASHBOARD_MSG, DEFAULT_USER_PLAN, userPlanSchema, type UserPlan } from '@vuxo/shared';
import { apiRequest, type TokenSource } from './api-request';

/**
 * GET get-user-plan-status (dashboard call 2): the response field userPlan; missing or malformed, it
 * reads as the default (specification, section 3).
 */
export function getUserPlanStatus(getToken: TokenSource): Promise<UserPlan> {
  return apiRequest({
    path: API.planStatus,
    getToken,
    parse: (json) =>
      userPlanSchema.safeParse((json as { userPlan?: unknown } | null)?.userPlan).data ?? DEFAULT_USER_PLAN,
    failure: DASHBOARD_MSG.fetchPlanFailed,
  });
}
