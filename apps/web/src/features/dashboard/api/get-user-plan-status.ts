import { API } from '@vuxo/shared/api';
import { DEFAULT_USER_PLAN } from '@vuxo/shared/dashboard';
import { DASHBOARD_MSG } from '@vuxo/shared/messages';
import { userPlanSchema, type UserPlan } from '@vuxo/shared/schemas';
import { apiRequest, type TokenSource } from './api-request';

/**
 * GET get-user-plan-status (dashboard call 2): the response field userPlan; missing or malformed, it
 * reads as the default.
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
