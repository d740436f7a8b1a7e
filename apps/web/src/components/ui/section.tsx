import type { ReactNode } from 'react';
import styles from './section.module.css';

export function Container({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={[styles.container, className].filter(Boolean).join(' ')}>{children}</div>;
}

interface SectionProps {
  children: ReactNode;
  /** Labels the section with its heading's id. */
  labelledBy?: string;
  tone?: 'plain' | 'muted' | 'dark';
  className?: string;
}

/** A page band with vertical rhythm and a centred container. */
export function Section({ children, labelledBy, tone = 'plain', className }: SectionProps) {
  const toneClass = tone === 'muted' ? styles.muted : tone === 'dark' ? 'theme-dark' : undefined;
  return (
    <section
      aria-labelledby={labelledBy}
      data-tone={tone}
      className={[styles.section, toneClass, className].filter(Boolean).join(' ')}
    >
      <Container>{children}</Container>
    </section>
  );
}

interface SectionHeaderProps {
  id?: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  align?: 'start' | 'center';
  /** Heading level: h2 inside pages, h1 when the header is the page's own. */
  level?: 1 | 2;
}

export function SectionHeader({ id, eyebrow, title, lead, align = 'center', level = 2 }: SectionHeaderProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <header className={[styles.header, align === 'center' && styles.center].filter(Boolean).join(' ')}>
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
      <Heading id={id} className={styles.title}>
        {title}
      </Heading>
      {lead && <p className={styles.lead}>{lead}</p>}
    </header>
  );
}
