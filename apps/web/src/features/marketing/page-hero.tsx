import type { ReactNode } from 'react';
import { ArrowRight } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/section';
import type { ContentLink } from './content/types';
import styles from './page-hero.module.css';

interface PageHeroProps {
  eyebrow: string;
  title: string;
  lead: string;
  actions?: { primary: ContentLink; secondary?: ContentLink };
  children?: ReactNode;
}

/** The dark opening band of every marketing page: eyebrow, the page's h1, a lead and optional actions. */
export function PageHero({ eyebrow, title, lead, actions, children }: PageHeroProps) {
  return (
    <section className={`${styles.hero} theme-dark`} aria-labelledby="page-title">
      <div className={styles.backdrop} aria-hidden="true" />
      <Container className={styles.inner}>
        <p className={styles.eyebrow}>{eyebrow}</p>
        <h1 id="page-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.lead}>{lead}</p>
        {actions && (
          <div className={styles.actions}>
            <ButtonLink to={actions.primary.to} size="lg">
              {actions.primary.label}
              <ArrowRight aria-hidden="true" />
            </ButtonLink>
            {actions.secondary && (
              <ButtonLink to={actions.secondary.to} size="lg" variant="secondary">
                {actions.secondary.label}
              </ButtonLink>
            )}
          </div>
        )}
        {children}
      </Container>
    </section>
  );
}
