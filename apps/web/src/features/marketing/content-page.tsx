import { usePageTitle } from '../../components/ui/use-page-title';
import { MARKETING_CONTENT, type ContentPath } from './content';
import { PageHero } from './page-hero';
import { CardsSection, CtaBand, FaqSection, ProseSection, StepsSection } from './content-sections';

/** A marketing page drawn from its content entry (real, short, on-brand content). */
export function ContentPage({ path }: { path: ContentPath }) {
  const content = MARKETING_CONTENT[path];
  usePageTitle(content.title, content.lead);
  return (
    <main>
      <PageHero
        eyebrow={content.eyebrow}
        title={content.title}
        lead={content.lead}
        actions={content.actions}
      />
      {content.cards && <CardsSection cards={content.cards} />}
      {content.steps && <StepsSection steps={content.steps} />}
      {content.prose && <ProseSection prose={content.prose} />}
      {content.faqs && <FaqSection faqs={content.faqs} />}
      {content.cta && <CtaBand cta={content.cta} />}
    </main>
  );
}
