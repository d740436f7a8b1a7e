import {
  Activity,
  AppWindow,
  Bot,
  Building2,
  ClipboardCheck,
  Code2,
  Gauge,
  GraduationCap,
  HeartPulse,
  Lightbulb,
  Presentation,
  Search,
  ShieldCheck,
  Smartphone,
  Stethoscope,
  Users,
} from 'lucide-react';
import { ROUTES } from '@vuxo/shared/routes';
import type { MarketingContent } from './types';

/** A call to action whose 'Contact Us' opens the contact form with the call's title as its subject. */
const contactCta = (title: string, text: string) => ({
  title,
  text,
  action: { label: 'Contact Us', to: `${ROUTES.contact}?subject=${encodeURIComponent(title)}` },
});

export const SERVICE_PAGES = {
  '/services': {
    eyebrow: 'Services',
    title: 'AI services that fit the size of your business',
    lead: 'From a first strategy session to a finished app, our team helps you adopt AI at a pace and price that make sense.',
    cards: {
      heading: 'What we do',
      items: [
        {
          icon: Lightbulb,
          title: 'AI consultancy',
          text: 'A clear plan for where AI saves you time and money, and help to deliver it.',
          link: { label: 'Learn about consultancy', to: '/ai-consultancy' },
        },
        {
          icon: Presentation,
          title: 'Workshops',
          text: 'Hands-on sessions that get your team using AI tools confidently in a day.',
          link: { label: 'See workshops', to: '/workshops' },
        },
        {
          icon: Smartphone,
          title: 'App development',
          text: 'Mobile and web apps with assistants, search and automation built in.',
          link: { label: 'Explore app development', to: '/app-development' },
        },
        {
          icon: AppWindow,
          title: 'Website development',
          text: 'Fast, accessible websites with a Vuxo chatbot ready on day one.',
          link: { label: 'Explore website development', to: '/website-development' },
        },
        {
          icon: HeartPulse,
          title: 'AI4Health',
          text: 'Our health-focused programme, starting with heart health education.',
          link: { label: 'Discover AI4Health', to: '/ai4health-heart-health' },
        },
      ],
    },
    cta: contactCta('Tell us what you need', 'Share your goals and we will reply within one business day.'),
  },
  '/ai-consultancy': {
    eyebrow: 'AI consultancy',
    title: 'A clear AI plan, from people who build it',
    lead: 'We map your processes, find the tasks AI can take off your plate and deliver the first wins in weeks, not quarters.',
    steps: {
      heading: 'How an engagement runs',
      items: [
        {
          title: 'Discover',
          text: 'A free call and a short audit of your tools, data and busiest workflows.',
        },
        {
          title: 'Prioritise',
          text: 'A written roadmap ranking each opportunity by cost, effort and return.',
        },
        { title: 'Deliver', text: 'We build the first solution with your team and measure the result.' },
        { title: 'Grow', text: 'Training and support so your people keep improving it after we leave.' },
      ],
    },
    cards: {
      heading: 'What you get',
      items: [
        {
          icon: ClipboardCheck,
          title: 'An honest assessment',
          text: 'Where AI helps and where it does not, in plain language.',
        },
        {
          icon: Gauge,
          title: 'Measured results',
          text: 'Every recommendation comes with the metric it should move.',
        },
        {
          icon: ShieldCheck,
          title: 'Responsible by design',
          text: 'Privacy, security and human oversight built into every plan.',
        },
      ],
    },
    cta: contactCta(
      'Book your free discovery call',
      'Thirty minutes, no obligation, and you leave with at least one idea to act on.',
    ),
  },
  '/workshops': {
    eyebrow: 'Workshops',
    title: 'Hands-on AI workshops for real teams',
    lead: 'Short, practical sessions where your people learn by doing, with your own documents and tasks. Our next public event is AI for Health, on June 9 at 7 PM.',
    cards: {
      heading: 'Popular workshops',
      items: [
        {
          icon: GraduationCap,
          title: 'AI essentials for small business',
          text: 'Three hours on writing, research and customer replies with today’s AI tools.',
        },
        {
          icon: Bot,
          title: 'Build your first chatbot',
          text: 'Leave with a working Vuxo chatbot trained on your own business document.',
        },
        {
          icon: Stethoscope,
          title: 'AI for Health (June 9, 7 PM)',
          text: 'A free evening session on how AI supports heart health education and care teams.',
        },
      ],
    },
    cta: contactCta('Bring a workshop to your team', 'On-site or online, for five to fifty people.'),
  },
  '/app-development': {
    eyebrow: 'App development',
    title: 'Apps with intelligence built in',
    lead: 'We design and build mobile and web apps that use AI where it helps your users most: search, assistants, recommendations and automation.',
    cards: {
      heading: 'What we build',
      items: [
        {
          icon: Smartphone,
          title: 'Mobile apps',
          text: 'iOS and Android apps from one codebase, with secure sign-in and offline support.',
        },
        {
          icon: Code2,
          title: 'Internal tools',
          text: 'Dashboards and workflows that save your staff hours every week.',
        },
        {
          icon: Search,
          title: 'AI search and assistants',
          text: 'Let users ask questions of your content and get answers with sources.',
        },
      ],
    },
    cta: contactCta('Have an app idea?', 'Tell us about it. We will send a scoped estimate within a week.'),
  },
  '/website-development': {
    eyebrow: 'Website development',
    title: 'Websites that answer your customers',
    lead: 'Fast, accessible, search-friendly websites, each shipped with a Vuxo chatbot that knows your business from launch day.',
    cards: {
      heading: 'Every site includes',
      items: [
        {
          icon: Gauge,
          title: 'Speed and accessibility',
          text: 'Pages that load fast on any phone and meet accessibility standards.',
        },
        {
          icon: Bot,
          title: 'A chatbot on day one',
          text: 'Your own assistant, trained on your content and embedded in every page.',
        },
        {
          icon: Building2,
          title: 'Built for your industry',
          text: 'Proven layouts for clinics, restaurants, trades, real estate and more.',
        },
      ],
    },
    cta: contactCta('Start your new website', 'Most small-business sites go live within four weeks.'),
  },
  '/ai4health-heart-health': {
    eyebrow: 'AI4Health',
    title: 'AI4Health: heart health',
    lead: 'Our health-focused AI programme helps clinics and community groups share trusted heart health information and reach more people, in more languages.',
    cards: {
      heading: 'The programme',
      items: [
        {
          icon: HeartPulse,
          title: 'Trusted information',
          text: 'Assistants that answer only from material approved by your care team.',
        },
        {
          icon: Users,
          title: 'Community reach',
          text: 'Free sessions for community groups, including our AI for Health event on June 9 at 7 PM.',
        },
        {
          icon: Activity,
          title: 'Support for care teams',
          text: 'Less time on routine questions, more time with patients.',
        },
      ],
    },
    cta: contactCta('Partner with AI4Health', 'Clinics, charities and community groups are welcome.'),
  },
  '/portfolio/items/ai-integration': {
    eyebrow: 'Portfolio',
    title: 'AI integration: our work',
    lead: 'Real businesses, real assistants. A few of the sites and tools where we integrated AI into everyday customer service.',
    cards: {
      heading: 'Selected projects',
      items: [
        {
          icon: Stethoscope,
          title: 'Dental clinic assistant',
          text: 'A website chatbot that answers treatment and insurance questions and cut routine calls in half.',
        },
        {
          icon: Building2,
          title: 'Real estate lead desk',
          text: 'An assistant that qualifies buyers overnight and books viewings for the morning.',
        },
        {
          icon: Bot,
          title: 'Restaurant concierge',
          text: 'Menu, allergen and reservation answers in seconds, on the website and by phone.',
        },
      ],
    },
    cta: contactCta(
      'Want results like these?',
      'Tell us about your business and we will show you what is possible.',
    ),
  },
} satisfies Record<string, MarketingContent>;
