import { useParams } from 'react-router';
import { BLOG_ARTICLES, type BlogArticle } from '@vuxo/shared/routes';
import { usePageTitle } from '../../components/ui/use-page-title';
import { MARKETING_CONTENT, type ContentPath } from './content';
import { BLOG_ARTICLE_CONTENT } from './content/articles';
import type { MarketingContent } from './content/types';
import { PageHero } from './page-hero';
import { CardsSection, CtaBand, FaqSection, ProseSection, StepsSection } from './content-sections';
import { NotFoundPage } from './not-found-page';

/** A marketing page drawn from its content entry (real, short, on-brand content). */
export function ContentPage({ path }: { path: ContentPath }) {
  return <ContentView content={MARKETING_CONTENT[path]} />;
}

const isArticle = (slug: string | undefined): slug is BlogArticle =>
  BLOG_ARTICLES.some((article) => article === slug);

/** /blogs/:slug: one of the blog's articles; any other address is the not-found page. */
export function ArticlePage() {
  const { slug } = useParams();
  return isArticle(slug) ? <ContentView content={BLOG_ARTICLE_CONTENT[slug]} /> : <NotFoundPage />;
}

function ContentView({ content }: { content: MarketingContent }) {
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
