import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  ADMIN_LIST_LABELS,
  ADMIN_LISTS,
  ADMIN_MSG,
  ADMIN_SEARCH_MAX,
  type AdminList,
} from '@vuxo/shared/admin';
import { Button } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/error-box';
import { PageLoading } from '../../components/ui/page-loading';
import { SimplePage } from '../../components/ui/simple-page';
import { ADMIN_SEARCH_DEBOUNCE_MS } from '../../ui-tuning';
import { NotFoundPage } from '../marketing';
import { AdminTableView } from './admin-table';
import { useAdminList } from './use-admin-list';
import styles from './admin-page.module.css';

const listOf = (value: string | null): AdminList =>
  ADMIN_LISTS.find((list) => list === value) ?? ADMIN_LISTS[0];
const pageOf = (value: string | null) => Math.max(1, Math.floor(Number(value)) || 1);

/**
 * /ai-admin: the staff console for addresses in ADMIN_EMAILS. The list, search and page live in the address,
 * so a reload or a shared link opens the same view; anyone else sees the not-found page.
 */
export function AdminPage() {
  const [params, setParams] = useSearchParams();
  const list = listOf(params.get('list'));
  const q = params.get('q') ?? '';
  const page = pageOf(params.get('page'));
  const [search, setSearch] = useState(q);
  const [attempt, setAttempt] = useState(0);
  const { authLoading, state } = useAdminList(list, q, page, attempt);

  const show = (next: { list?: AdminList; q?: string; page?: number }) => {
    const merged = { list, q, page, ...next };
    const query: Record<string, string> = { list: merged.list };
    if (merged.q) query.q = merged.q;
    if (merged.page > 1) query.page = String(merged.page);
    setParams(query, { replace: true });
  };

  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === q) return;
    const timer = setTimeout(() => show({ q: trimmed, page: 1 }), ADMIN_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  });

  if (authLoading) return <PageLoading />;
  if (state.status === 'hidden') return <NotFoundPage />;
  if (state.status === 'loading' && !state.page) return <PageLoading />;

  const current = state.page;
  const pages = current ? Math.max(1, Math.ceil(current.total / current.pageSize)) : 1;

  return (
    <SimplePage eyebrow="Admin" title={ADMIN_MSG.title} lead={ADMIN_MSG.lead}>
      <div className={styles.console}>
        <nav className={styles.lists} aria-label="Lists">
          {ADMIN_LISTS.map((name) => (
            <Button
              key={name}
              size="sm"
              variant={name === list ? 'primary' : 'secondary'}
              aria-pressed={name === list}
              onClick={() => {
                setSearch('');
                show({ list: name, q: '', page: 1 });
              }}
            >
              {ADMIN_LIST_LABELS[name]}
            </Button>
          ))}
        </nav>

        <div className={styles.search}>
          <label htmlFor="admin-search">{ADMIN_MSG.searchLabel}</label>
          <input
            id="admin-search"
            type="search"
            value={search}
            maxLength={ADMIN_SEARCH_MAX}
            placeholder={ADMIN_MSG.searchPlaceholder}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>

        {state.status === 'error' && (
          <ErrorBox message={state.message}>
            <Button size="sm" variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
              {ADMIN_MSG.retry}
            </Button>
          </ErrorBox>
        )}

        {current && current.list === list && (
          <section aria-busy={state.status === 'loading'} aria-label={ADMIN_LIST_LABELS[list]}>
            <AdminTableView page={current} emptyText={q ? ADMIN_MSG.noMatch : ADMIN_MSG.empty} />
            <div className={styles.pager}>
              <p role="status">
                Page {current.page} of {pages} · {current.total} in all
              </p>
              <Button
                size="sm"
                variant="secondary"
                disabled={page <= 1}
                onClick={() => show({ page: page - 1 })}
              >
                {ADMIN_MSG.previous}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={page >= pages}
                onClick={() => show({ page: page + 1 })}
              >
                {ADMIN_MSG.next}
              </Button>
            </div>
          </section>
        )}
      </div>
    </SimplePage>
  );
}
