import type { ReactNode } from 'react';
import { usePageTitle } from './use-page-title';
import { Container } from './section';
import styles from './simple-page.module.css';

interface SimplePageProps {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}

/** A plain light page with a heading, for product screens. */
export function SimplePage({ eyebrow, title, lead, children }: SimplePageProps) {
  usePageTitle(title, typeof lead === 'string' ? lead : undefined);
  return (
    <main className={styles.page}>
      <Container>
        <header className={styles.header}>
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <h1 className={styles.title}>{title}</h1>
          {lead && <p className={styles.lead}>{lead}</p>}
        </header>
        {children}
      </Container>
    </main>
  );
}
