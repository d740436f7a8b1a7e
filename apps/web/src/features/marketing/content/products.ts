import {
  BarChart3,
  CalendarCheck,
  FileText,
  Globe,
  Headphones,
  LayoutDashboard,
  Lightbulb,
  MessageCircle,
  MessagesSquare,
  Mic,
  PhoneCall,
  PhoneForwarded,
  PlayCircle,
  Share2,
  Sparkles,
  Workflow,
} from 'lucide-react';
import { TONES } from '@vuxo/shared/bot';
import { PLANS } from '@vuxo/shared/plans';
import { ROUTES } from '@vuxo/shared/routes';
import type { MarketingContent } from './types';

const mbOf = (bytes: number) => `${bytes / (1024 * 1024)}MB`;
/** The document sizes the plans allow, as the plan cards state them. */
const documentSizes = `${mbOf(PLANS.trial.documentMaxBytes)} on the Free Trial, ${mbOf(PLANS.basic.documentMaxBytes)} on Basic and ${mbOf(PLANS.pro.documentMaxBytes)} on Pro`;

export const PRODUCT_PAGES = {
  '/vuxo-chat': {
    eyebrow: 'Chatbot builder',
    title: 'Build your own AI chatbot in minutes',
    lead: 'Upload one business document (a menu, a price list, a handbook) and Vuxo turns it into a chatbot that answers your customers in your voice, day and night.',
    actions: {
      primary: { label: 'Create My Bot', to: ROUTES.wizard },
      secondary: { label: 'See pricing', to: ROUTES.plans },
    },
    steps: {
      heading: 'Three steps to a working chatbot',
      items: [
        {
          title: 'Upload your document',
          text: `Drop in a PDF, Word or text file up to ${documentSizes}. Vuxo reads it and learns your business.`,
        },
        {
          title: 'Make it yours',
          text: `Pick a name, a welcome message, an avatar and a tone: ${TONES.join(', ')}.`,
        },
        {
          title: 'Share it anywhere',
          text: 'Send visitors to its public chat page, or add it to your website with one line of code.',
        },
      ],
    },
    cards: {
      heading: 'Everything a busy team needs',
      intro: 'No prompts to write, no developers to hire. Your chatbot is ready the moment your document is.',
      items: [
        {
          icon: FileText,
          title: 'Answers from your own content',
          text: 'Replies come from your document and name the section they came from, so customers can trust them.',
        },
        {
          icon: Sparkles,
          title: 'Suggested questions',
          text: 'Visitors get one-tap questions drawn from your content, so every conversation starts well.',
        },
        {
          icon: MessageCircle,
          title: 'A widget that fits your site',
          text: 'A light, dark or branded chat window that opens from a launcher and never slows your pages down.',
        },
        {
          icon: LayoutDashboard,
          title: 'One dashboard',
          text: 'See every bot, its status and its share link. Test a bot privately before you publish it.',
        },
        {
          icon: Share2,
          title: 'Shareable chat page',
          text: 'Every bot gets its own page you can link from email, social posts or a QR code on your counter.',
        },
        {
          icon: BarChart3,
          title: 'Fair, predictable pricing',
          text: `Start free, then grow from ${PLANS.basic.priceText} when you need more bots.`,
        },
      ],
    },
    cta: {
      title: 'Your first chatbot is free',
      text: 'Build a text chatbot on the free trial. Upgrade when you need more bots or a phone agent.',
      action: { label: 'Compare plans', to: ROUTES.plans },
    },
  },
  '/vuxo-voice': {
    eyebrow: 'Voice agent',
    title: 'An AI voice agent that answers every call',
    lead: 'Vuxo Voice picks up 24/7, answers questions from your business information, takes messages and books appointments, so no customer ever hears voicemail again.',
    actions: {
      primary: { label: 'Set up my voice agent', to: ROUTES.personalize(1) },
      secondary: { label: 'Try the demo', to: '/demos' },
    },
    cards: {
      heading: 'A receptionist that never clocks out',
      items: [
        {
          icon: PhoneCall,
          title: '24/7 call handling',
          text: 'Nights, weekends and lunch rushes: every call is answered on the first ring.',
        },
        {
          icon: Mic,
          title: 'A natural voice',
          text: 'Choose the voice that suits your brand. Callers hear a calm, clear and friendly assistant.',
        },
        {
          icon: CalendarCheck,
          title: 'Bookings and messages',
          text: 'The agent takes appointment requests and messages, and sends you a summary after each call.',
        },
        {
          icon: PhoneForwarded,
          title: 'Hand-off to your team',
          text: 'Urgent or complex calls are passed to a person with the context already captured.',
        },
        {
          icon: Headphones,
          title: 'Your number or a new one',
          text: 'Forward your existing line or pick a new local number during set-up.',
        },
        {
          icon: Workflow,
          title: 'Set up with a dedicated lead',
          text: 'A Vuxo specialist tunes your agent with you and stays on hand after launch.',
        },
      ],
    },
    cta: {
      title: 'Stop missing calls this month',
      text: 'Tell us about your business in five short steps and your dedicated lead will reach out.',
      action: { label: 'Get started', to: ROUTES.personalize(1) },
    },
  },
  '/vuxo-ai': {
    eyebrow: 'Vuxo AI',
    title: 'Practical AI, shaped around your business',
    lead: 'Vuxo AI brings our products and services together: chatbots, voice agents, automation and training, chosen for what your business actually needs and priced to pay for itself.',
    cards: {
      heading: 'Where Vuxo AI helps first',
      items: [
        {
          icon: MessagesSquare,
          title: 'Customer conversations',
          text: 'Answer questions instantly on your website, by phone and on the channels your customers use.',
          link: { label: 'Chatbot builder', to: '/vuxo-chat' },
        },
        {
          icon: PhoneCall,
          title: 'Calls and bookings',
          text: 'Let an AI voice agent take calls and book appointments while your team focuses on the work.',
          link: { label: 'Voice agent', to: '/vuxo-voice' },
        },
        {
          icon: Lightbulb,
          title: 'A plan you can act on',
          text: 'Our consultants find the processes where AI saves the most time and money, then help you ship them.',
          link: { label: 'AI consultancy', to: '/ai-consultancy' },
        },
      ],
    },
    cta: {
      title: 'Not sure where to start?',
      text: 'Book a free 30-minute call. We will point you to the one AI change worth making first.',
      action: { label: 'Contact Us', to: '/contact' },
    },
  },
  '/demos': {
    eyebrow: 'Demo Hub',
    title: 'See Vuxo at work before you buy',
    lead: 'Chat with live demo bots built by Vuxo from sample businesses’ documents, then build your own. No sign-up needed.',
    cards: {
      heading: 'More to explore',
      items: [
        {
          icon: MessagesSquare,
          title: 'The chatbot builder',
          text: 'See how one document becomes a chatbot in seven steps, and what each plan includes.',
          link: { label: 'Explore the chatbot builder', to: '/vuxo-chat' },
        },
        {
          icon: PlayCircle,
          title: 'The voice agent',
          text: 'How Vuxo Voice answers your business calls around the clock, and how set-up works.',
          link: { label: 'Meet the voice agent', to: '/vuxo-voice' },
        },
        {
          icon: Globe,
          title: 'Client websites',
          text: 'How we build websites with an AI assistant inside, from our portfolio.',
          link: { label: 'View our portfolio', to: ROUTES.portfolioAiIntegration },
        },
      ],
    },
    cta: {
      title: 'Ready to build your own?',
      text: 'Turn your business document into a chatbot in minutes, free.',
      action: { label: 'Start building', to: ROUTES.wizard },
    },
  },
} satisfies Record<string, MarketingContent>;
