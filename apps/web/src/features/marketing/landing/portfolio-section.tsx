import { ExternalLink } from 'lucide-react';
import { PORTFOLIO_DEMO_SITES } from '../../../site-links';
import { Section, SectionHeader } from '../../../components/ui/section';
import styles from './portfolio-section.module.css';

/** Three demo sites, each linking out (links from site-links.ts). */
export function PortfolioSection() {
  return (
    <Section labelledBy="portfolio-title" tone="muted">
      <SectionHeader
        id="portfolio-title"
        eyebrow="Portfolio"
        title="Websites with an assistant built in"
        lead="Three demo sites we built for real industries. Open one and ask its chatbot a question."
      />
      <ul role="list" className={styles.portfolio}>
        {PORTFOLIO_DEMO_SITES.map((site, index) => (
          <li key={site.href} className={styles.site}>
            <div className={styles.browser} data-variant={index} aria-hidden="true">
              <span className={styles.browserBar}>
                <i />
                <i />
                <i />
              </span>
              <span className={styles.browserBody}>
                <span className={styles.mockTitle} />
                <span className={styles.mockLine} />
                <span className={styles.mockLineShort} />
                <span className={styles.mockBubble}>Hi! How can I help?</span>
              </span>
            </div>
            <div className={styles.siteBody}>
              <p className={styles.industry}>{site.industry}</p>
              <h3 className={styles.siteName}>{site.name}</h3>
              <p className={styles.muted}>{site.summary}</p>
              <ul role="list" className={styles.tags}>
                {site.tags.map((tag) => (
                  <li key={tag}>{tag}</li>
                ))}
              </ul>
              <a className={styles.siteLink} href={site.href} target="_blank" rel="noopener noreferrer">
                Visit {site.name}
                <ExternalLink aria-hidden="true" />
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
