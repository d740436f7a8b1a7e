import { BenefitsSection } from './benefits-section';
import { FeaturesSection } from './features-section';
import { FinalCta } from './final-cta';
import { PortfolioSection } from './portfolio-section';
import { TestimonialSection } from './testimonial-section';
import styles from './landing.module.css';

/** The landing page's sections after the hero. */
export function BelowTheHero() {
  return (
    <div className={styles.belowTheHero}>
      <PortfolioSection />
      <FeaturesSection />
      <BenefitsSection />
      <TestimonialSection />
      <FinalCta />
    </div>
  );
}
