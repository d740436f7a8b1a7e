import { lazy, Suspense } from 'react';
import { BRAND } from '@vuxo/shared/brand';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { HeroCarousel } from './hero-carousel';

/**
 * Everything below the hero loads as its own chunk, so the page's first script is the hero's: the prerendered
 * sections stay as the server wrote them until their code arrives.
 */
const BelowTheHero = lazy(() => import('./below-the-hero').then((m) => ({ default: m.BelowTheHero })));

/** The landing page. */
export function LandingPage() {
  usePageTitle('AI made simple for every business');
  return (
    <main>
      <h1 className="visually-hidden">{BRAND}: AI made simple and affordable for every business</h1>
      <HeroCarousel />
      <Suspense fallback={null}>
        <BelowTheHero />
      </Suspense>
    </main>
  );
}
