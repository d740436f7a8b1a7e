import { BenefitsSection } from './benefits-section';
import { FeaturesSection } from './features-section';
import { FinalCta } from './final-cta';
import { PortfolioSection } from './portfolio-section';
import { TestimonialSection } from './testimonial-section';

/** The landing page's sections after the hero. */
export function BelowTheHero() {
  return (
    <>
      <PortfolioSection />
      <FeaturesSection />
      <BenefitsSection />
      <TestimonialSection />
      <FinalCta />
    </>
  );
}
