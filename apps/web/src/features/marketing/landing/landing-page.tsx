import { BRAND } from '@vuxo/shared/brand';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { HeroCarousel } from './hero-carousel';
import { PortfolioSection } from './portfolio-section';
import { FeaturesSection } from './features-section';
import { BenefitsSection } from './benefits-section';
import { TestimonialSection } from './testimonial-section';
import { FinalCta } from './final-cta';

/** The landing page. */
export function LandingPage() {
  usePageTitle('AI made simple for every business');
  return (
    <main>
      <h1 className="visually-hidden">{BRAND}: AI made simple and affordable for every business</h1>
      <HeroCarousel />
      <PortfolioSection />
      <FeaturesSection />
      <BenefitsSection />
      <TestimonialSection />
      <FinalCta />
    </main>
  );
}
