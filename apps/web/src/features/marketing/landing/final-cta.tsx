import { ArrowRight } from 'lucide-react';
import { ROUTES } from '@vuxo/shared/routes';
import { ButtonLink } from '../../../components/ui/button';
import styles from './landing.module.css';

export function FinalCta() {
  return (
    <section className={styles.ctaWrap} aria-labelledby="cta-title">
      <div className={`${styles.cta} theme-dark`}>
        <h2 id="cta-title" className={styles.ctaTitle}>
          Ready to make AI work for your business?
        </h2>
        <p className={styles.ctaText}>
          Build your first chatbot free in minutes, or talk to us about a voice agent, a workshop or a custom
          project.
        </p>
        <div className={styles.ctaActions}>
          <ButtonLink to={ROUTES.wizard} variant="light" size="lg">
            Start free
            <ArrowRight aria-hidden="true" />
          </ButtonLink>
          <ButtonLink to="/contact" variant="secondary" size="lg">
            Contact Us
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
