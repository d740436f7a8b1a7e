import { useEffect, useState } from 'react';
import type { AdminList } from '@vuxo/shared/admin';
import type { AdminListResponse } from '@vuxo/shared/schemas';
import { ApiError, errorMessage } from '../../app/api-client';
import { useAuth } from '../auth';
import { fetchAdminList } from './admin-api';

export type AdminListState =
  | { status: 'loading'; page: AdminListResponse | null }
  | { status: 'ready'; page: AdminListResponse }
  | { status: 'error'; message: string; page: AdminListResponse | null }
  /** Signed out, or signed in but not staff: the console does not exist for them. */
  | { status: 'hidden' };

/** Loads one page of a staff list whenever the list, the search or the page number changes. */
export function useAdminList(list: AdminList, q: string, pageNumber: number, attempt: number) {
  const { status: authStatus, user, getIdToken } = useAuth();
  const [state, setState] = useState<AdminListState>({ status: 'loading', page: null });

  useEffect(() => {
    if (authStatus === 'loading') return;
    if (!user) {
      setState({ status: 'hidden' });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ status: 'loading', page: 'page' in previous ? previous.page : null }));
    void (async () => {
      try {
        const token = await getIdToken();
        if (!token) throw new ApiError('Not signed in', 404);
        const page = await fetchAdminList(token, list, { q, page: pageNumber }, controller.signal);
        setState({ status: 'ready', page });
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setState({ status: 'hidden' });
        else
          setState((previous) => ({
            status: 'error',
            message: errorMessage(error),
            page: 'page' in previous ? previous.page : null,
          }));
      }
    })();
    return () => controller.abort();
  }, [authStatus, user, getIdToken, list, q, pageNumber, attempt]);

  return { authLoading: authStatus === 'loading', state };
}
