import { Link } from 'react-router';
import { DASHBOARD_MSG } from '@vuxo/shared/messages';
import { BLOG_ARTICLES, ROUTES, blogArticlePath } from '@vuxo/shared/routes';
import { Section } from '../../components/ui/section';
import { usePageTitle } from '../../components/ui/use-page-title';
import { BLOG_ARTICLE_CONTENT } from './content/articles';
import { PageHero } from './page-hero';
import styles from './sitemap-page.module.css';

interface SitemapGroup {
  heading: string;
  links: { label: string; to: string }[];
}

const GROUPS: SitemapGroup[] = [
  {
    heading: 'Company',
    links: [
      { label: 'Home', to: ROUTES.home },
      { label: 'About', to: '/about' },
      { label: 'Careers', to: '/careers' },
      { label: 'Contact', to: '/contact' },
      { label: 'Terms of Service', to: '/terms' },
    ],
  },
  {
    heading: 'Products',
    links: [
      { label: 'Voice agent', to: '/vuxo-voice' },
      { label: 'Chatbot builder', to: '/vuxo-chat' },
      { label: 'Vuxo AI', to: '/vuxo-ai' },
      { label: 'Demo Hub', to: '/demos' },
      { label: 'Pricing', to: ROUTES.plans },
    ],
  },
  {
    heading: 'Services',
    links: [
      { label: 'All services', to: '/services' },
      { label: 'AI Consultancy', to: '/ai-consultancy' },
      { label: 'Workshops', to: '/workshops' },
      { label: 'App Development', to: '/app-development' },
      { label: 'Website Development', to: '/website-development' },
      { label: 'AI4Health Heart Health', to: '/ai4health-heart-health' },
      { label: 'Portfolio: AI integration', to: ROUTES.portfolioAiIntegration },
    ],
  },
  {
    heading: 'Community',
    links: [
      { label: 'Partners', to: '/partners' },
      { label: 'Become a Partner', to: '/become-a-partner' },
      { label: 'Community Service', to: '/community-service' },
      { label: 'Volunteer Hours', to: '/volunteer-hours' },
    ],
  },
  {
    heading: 'Resources',
    links: [
      { label: 'Blogs', to: '/blogs' },
      ...BLOG_ARTICLES.map((slug) => ({
        label: BLOG_ARTICLE_CONTENT[slug].title,
        to: blogArticlePath(slug),
      })),
      { label: 'FAQs', to: '/faqs' },
      { label: 'Content', to: '/content' },
      { label: 'Site Map', to: '/sitemaps' },
    ],
  },
  {
    heading: 'Your account',
    links: [
      { label: 'Sign in', to: ROUTES.login },
      { label: 'Chatbot wizard', to: ROUTES.wizard },
      { label: DASHBOARD_MSG.menuLabel, to: ROUTES.dashboard },
      { label: 'Voice agent set-up', to: ROUTES.personalize(1) },
    ],
  },
];

const SITEMAP_LEAD = 'Every page on the Vuxo site, in one place.';

/** /sitemaps: every public page, grouped. */
export function SitemapPage() {
  usePageTitle('Site Map', SITEMAP_LEAD);
  return (
    <main>
      <PageHero eyebrow="Site map" title="Site Map" lead={SITEMAP_LEAD} />
      <Section labelledBy="sitemap-groups">
        <h2 id="sitemap-groups" className="visually-hidden">
          All pages
        </h2>
        <div className={styles.grid}>
          {GROUPS.map((group) => (
            <section
              key={group.heading}
              className={styles.group}
              aria-labelledby={`sitemap-${group.heading}`}
            >
              <h3 id={`sitemap-${group.heading}`} className={styles.heading}>
                {group.heading}
              </h3>
              <ul role="list" className={styles.list}>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </Section>
    </main>
  );
}
