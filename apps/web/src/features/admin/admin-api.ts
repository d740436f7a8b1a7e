import { ADMIN_MSG, adminListPath, type AdminList } from '@vuxo/shared/admin';
import { adminListResponseSchema, type AdminListResponse } from '@vuxo/shared/schemas';
import { requestApi } from '../../app/api-client';

/** One page of a staff list, searched; an ApiError with status 404 means the user is not staff. */
export function fetchAdminList(
  token: string,
  list: AdminList,
  query: { q: string; page: number },
  signal: AbortSignal,
): Promise<AdminListResponse> {
  const search = new URLSearchParams({ q: query.q, page: String(query.page) });
  return requestApi(
    `${adminListPath(list)}?${search}`,
    { token, signal },
    adminListResponseSchema,
    () => ADMIN_MSG.loadFailed,
  );
}
