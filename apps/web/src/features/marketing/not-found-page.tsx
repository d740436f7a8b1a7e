import { lazy, Suspense } from 'react';
import { House } from 'lucide-react';
import { NOT_FOUND_MSG } from '@vuxo/shared/messages';
import { ROUTES } from '@vuxo/shared/routes';
import { ButtonLink } from '../../components/ui/button';
import { usePageTitle } from '../../components/ui/use-page-title';
import styles from './not-found-page.module.css';

// Decoration, loaded after the page: the route error screen holds this page, and so every page's first load.
const Particles = lazy(() => import('../../components/ui/particles').then((m) => ({ default: m.Particles })));

/** Any path the route table does not know. */
export function NotFoundPage() {
  usePageTitle(NOT_FOUND_MSG.title);
  return (
    <main className={`${styles.page} theme-dark`}>
      <Suspense fallback={null}>
        <Particles count={70} className={styles.particles} />
      </Suspense>
      <div className={styles.content}>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 className={styles.title}>{NOT_FOUND_MSG.title}</h1>
        <p className={styles.text}>{NOT_FOUND_MSG.text}</p>
        <ButtonLink to={ROUTES.home} size="lg">
          <House aria-hidden="true" />
          {NOT_FOUND_MSG.button}
        </ButtonLink>
      </div>
    </main>
  );
}
