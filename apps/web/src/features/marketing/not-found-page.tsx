import { House } from 'lucide-react';
import { NOT_FOUND_MSG } from '@vuxo/shared/messages';
import { ROUTES } from '@vuxo/shared/routes';
import { ButtonLink } from '../../components/ui/button';
import { Particles } from '../../components/ui/particles';
import { usePageTitle } from '../../components/ui/use-page-title';
import styles from './not-found-page.module.css';

/** Any path the route table does not know. */
export function NotFoundPage() {
  usePageTitle(NOT_FOUND_MSG.title);
  return (
    <main className={`${styles.page} theme-dark`}>
      <Particles count={70} className={styles.particles} />
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
