import {
  BookOpen,
  FileText,
  MessagesSquare,
  PhoneCall,
  PlayCircle,
  Presentation,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { BRAND } from '@vuxo/shared/brand';
import { MESSAGES_PER_DAY } from '@vuxo/shared/limits';
import { PLANS } from '@vuxo/shared/plans';
import { ROUTES, blogArticlePath, type BlogArticle } from '@vuxo/shared/routes';
import { BLOG_ARTICLE_CONTENT } from './articles';
import type { ContentCard, MarketingContent } from './types';

/** A blog card: the article's own title and lead, linking to it. */
function article(slug: BlogArticle, icon: LucideIcon): ContentCard {
  const { title, lead } = BLOG_ARTICLE_CONTENT[slug];
  return { icon, title, text: lead, link: { label: 'Read the article', to: blogArticlePath(slug) } };
}

const mbOf = (bytes: number) => `${bytes / (1024 * 1024)}MB`;
/** The document sizes the plans allow, as the plan cards state them. */
const documentSizes = `${mbOf(PLANS.trial.documentMaxBytes)} on the Free Trial, ${mbOf(PLANS.basic.documentMaxBytes)} on Basic and ${mbOf(PLANS.pro.documentMaxBytes)} on Pro`;

export const RESOURCE_PAGES = {
  '/blogs': {
    eyebrow: 'Blog',
    title: 'Practical AI, explained',
    lead: 'Short, useful reads on putting AI to work in a small or growing business. No hype, just what works.',
    cards: {
      heading: 'Latest articles',
      items: [
        article('first-questions-for-a-website-chatbot', MessagesSquare),
        article('what-a-missed-call-costs', PhoneCall),
        article('preparing-a-document-for-a-chatbot', FileText),
      ],
    },
    cta: {
      title: 'Try it on your own business',
      text: 'Build a chatbot from your own document in minutes.',
      action: { label: 'Start building', to: ROUTES.wizard },
    },
  },
  '/faqs': {
    eyebrow: 'FAQs',
    title: 'Questions, answered',
    lead: `Everything people usually ask before they start with ${BRAND}. Can’t find yours? Our team is one message away.`,
    faqs: [
      {
        question: 'What do I need to build a chatbot?',
        answer: `One business document (PDF, Word or text, up to ${documentSizes}) and a few minutes. No coding and no prompts to write.`,
      },
      {
        question: 'Is there a free trial?',
        answer: `Yes. The ${PLANS.trial.name} plan includes one text chatbot. Paid plans start at ${PLANS.basic.priceText}.`,
      },
      {
        question: 'How do visitors use my bot?',
        answer:
          'Share its public chat page link, or add the chat widget to your website with one line of code.',
      },
      {
        question: 'Is there a limit on messages?',
        answer: `Each visitor can send ${MESSAGES_PER_DAY} messages a day to a bot, which keeps your costs predictable.`,
      },
      {
        question: 'Where do the answers come from?',
        answer:
          'From your document first. When a question is not covered, the bot says so politely and points to your contact details.',
      },
      {
        question: 'Can the bot answer phone calls?',
        answer: `Phone bots need a paid plan such as ${PLANS.pro.name}. Our voice agent answers calls 24/7.`,
      },
    ],
    cta: {
      title: 'Still have a question?',
      text: 'Write to us and a real person will answer.',
      action: { label: 'Contact Us', to: '/contact' },
    },
  },
  '/content': {
    eyebrow: 'Content',
    title: 'Guides, talks and downloads',
    lead: 'Free material to help you and your team get more from AI, from quick-start guides to recorded workshop sessions.',
    cards: {
      heading: 'Browse by format',
      items: [
        {
          icon: BookOpen,
          title: 'Quick-start guides',
          text: 'Step-by-step guides to building, sharing and improving your first chatbot.',
        },
        {
          icon: PlayCircle,
          title: 'Video walkthroughs',
          text: 'Short videos that show each feature in under three minutes.',
        },
        {
          icon: Presentation,
          title: 'Workshop recordings',
          text: 'Catch up on past sessions, including our AI for Health series.',
          link: { label: 'Upcoming workshops', to: '/workshops' },
        },
        {
          icon: FileText,
          title: 'Templates',
          text: 'Ready-made FAQ documents for common industries, ready to upload.',
        },
        {
          icon: Sparkles,
          title: 'Prompt tips',
          text: 'Everyday ways to use AI for writing, research and customer replies.',
        },
      ],
    },
  },
  '/terms': {
    eyebrow: 'Legal',
    title: 'Terms of Service',
    lead: `These terms govern your use of ${BRAND}’s website, chatbot builder, voice agent and related services.`,
    prose: [
      {
        heading: 'Your account',
        paragraphs: [
          'You sign in with a Google account and are responsible for activity under it. Keep your sign-in secure and tell us promptly about any unauthorised use.',
        ],
      },
      {
        heading: 'Your content',
        paragraphs: [
          'You keep ownership of the documents and images you upload. You give us permission to process them only to build and run your bots. Do not upload content you do not have the right to share.',
        ],
      },
      {
        heading: 'Plans and payment',
        paragraphs: [
          'Paid plans are billed monthly by card and last one month from payment. A plan becomes active once the payment is confirmed. You can stop renewing at any time.',
        ],
      },
      {
        heading: 'Acceptable use',
        paragraphs: [
          'Do not use the service to break the law, to mislead people, or to send spam. We may suspend bots that do.',
        ],
      },
      {
        heading: 'AI answers',
        paragraphs: [
          'Bots answer from the documents you provide and may make mistakes. Review your bot before sharing it, and do not rely on it for medical, legal or financial advice.',
        ],
      },
      {
        heading: 'Changes and contact',
        paragraphs: [
          'We may update these terms and will post the new version on this page. Questions? Reach us through the contact page.',
        ],
      },
    ],
  },
} satisfies Record<string, MarketingContent>;
