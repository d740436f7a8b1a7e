import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { RotateCw } from 'lucide-react';
import { Button, ButtonLink } from '../../components/ui/button';
import { PageLoading } from '../../components/ui/page-loading';
import styles from './route-error.module.css';

// Loaded when needed, as the route table's not-found page is.
const NotFoundPage = lazy(() =>
  import('../../features/marketing/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

/** The root route's error screen: unknown routes show the not-found page, anything else offers a reload. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <Suspense fallback={<PageLoading />}>
        <NotFoundPage />
      </Suspense>
    );
  console.error(error);
  return (
    <main className={`${styles.page} theme-dark`}>
      <h1 className={styles.title}>Something went wrong</h1>
      <p className={styles.text}>This page hit an unexpected error. Reloading usually fixes it.</p>
      <div className={styles.actions}>
        <Button onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" />
          Reload page
        </Button>
        <ButtonLink to="/" variant="secondary" reloadDocument>
          Go to the home page
        </ButtonLink>
      </div>
    </main>
  );
}
