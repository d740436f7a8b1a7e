import {
  BadgeDollarSign,
  Clock,
  Compass,
  Globe,
  Handshake,
  HeartHandshake,
  Laptop,
  Megaphone,
  Rocket,
  Sprout,
  Target,
  Users,
} from 'lucide-react';
import { BRAND } from '@vuxo/shared/brand';
import { ROUTES } from '@vuxo/shared/routes';
import type { MarketingContent } from './types';

/** 'Contact Us', opening the contact form with its subject filled in. */
const contactAbout = (subject: string) => ({
  label: 'Contact Us',
  to: `${ROUTES.contact}?subject=${encodeURIComponent(subject)}`,
});

export const COMPANY_PAGES = {
  '/about': {
    eyebrow: `About ${BRAND}`,
    title: 'We make AI simple, affordable and within reach of every business',
    lead: `${BRAND} builds simplified, affordable and scalable AI solutions, customised for the businesses that power our communities: clinics, restaurants, shops, trades and non-profits.`,
    prose: [
      {
        heading: 'Why we started',
        paragraphs: [
          'Big companies have teams of engineers to put AI to work. Most businesses do not. We saw owners answering the same questions at midnight and missing calls during the lunch rush, and knew the technology to help them already existed.',
          `${BRAND} packages that technology into products anyone can set up in minutes, and backs them with people who will help when you need it.`,
        ],
      },
      {
        heading: 'How we work',
        paragraphs: [
          'We start from your problem, not from the tool. We keep pricing transparent and monthly. And we build every assistant to answer from your own information, so your customers get answers you stand behind.',
        ],
      },
    ],
    cards: {
      heading: 'What we value',
      items: [
        {
          icon: Target,
          title: 'Useful first',
          text: 'If it does not save you time or money, we will not sell it.',
        },
        {
          icon: BadgeDollarSign,
          title: 'Fair pricing',
          text: 'Clear monthly plans, a free trial and no surprise fees.',
        },
        {
          icon: HeartHandshake,
          title: 'People behind the product',
          text: 'A real team that answers, trains and supports you.',
        },
      ],
    },
    cta: {
      title: 'Let’s talk about your business',
      text: 'We reply to every message within one business day.',
      action: contactAbout('General enquiry'),
    },
  },
  '/careers': {
    eyebrow: 'Careers',
    title: 'Help every business use AI',
    lead: 'We are a small, remote-friendly team of engineers, designers and AI specialists. We ship often, talk to customers every week and care about the craft.',
    cards: {
      heading: 'Why join us',
      items: [
        {
          icon: Rocket,
          title: 'Real impact',
          text: 'Your work reaches hundreds of small businesses within days.',
        },
        { icon: Laptop, title: 'Flexible work', text: 'Work remotely, on hours that fit your life.' },
        {
          icon: Sprout,
          title: 'Room to grow',
          text: 'A learning budget, mentoring and time to explore new ideas.',
        },
      ],
    },
    prose: [
      {
        heading: 'Open roles',
        paragraphs: [
          'We hire for engineering, customer success and AI consulting throughout the year. Send us your CV and a note about something you built that you are proud of.',
        ],
      },
    ],
    cta: {
      title: 'Don’t see your role?',
      text: 'Introduce yourself anyway. Great people create their own openings.',
      action: contactAbout('Job application'),
    },
  },
  '/partners': {
    eyebrow: 'Partners',
    title: 'Better together with our partners',
    lead: 'Agencies, consultants, technology providers and community organisations work with us to bring practical AI to more businesses.',
    cards: {
      heading: 'Who we partner with',
      items: [
        {
          icon: Megaphone,
          title: 'Agencies',
          text: 'Web and marketing agencies who add Vuxo chatbots to the sites they build.',
        },
        {
          icon: Compass,
          title: 'Consultants',
          text: 'Advisors who recommend Vuxo and stay involved with their clients.',
        },
        {
          icon: Globe,
          title: 'Technology and community',
          text: 'Platforms and non-profits who help us reach businesses everywhere.',
        },
      ],
    },
    cta: {
      title: 'Become a partner',
      text: 'Earn recurring revenue and give your clients AI that works.',
      action: { label: 'See the partner programme', to: '/become-a-partner' },
    },
  },
  '/become-a-partner': {
    eyebrow: 'Partner programme',
    title: 'Grow with Vuxo',
    lead: 'Refer or resell Vuxo products and earn a recurring share of every subscription, with training, demo accounts and co-marketing included.',
    steps: {
      heading: 'How to join',
      items: [
        { title: 'Apply', text: 'Tell us about your business and your clients.' },
        { title: 'Get trained', text: 'A two-hour onboarding and a free demo account.' },
        { title: 'Start earning', text: 'Share your link or resell directly, and get paid monthly.' },
      ],
    },
    cards: {
      heading: 'Partner benefits',
      items: [
        {
          icon: BadgeDollarSign,
          title: 'Recurring commission',
          text: 'Earn on every month your referred customers stay subscribed.',
        },
        { icon: Users, title: 'Partner support', text: 'A dedicated partner manager and priority help.' },
        {
          icon: Handshake,
          title: 'Co-marketing',
          text: 'Joint case studies, webinars and listings on our site.',
        },
      ],
    },
    cta: {
      title: 'Apply in five minutes',
      text: 'Send us a message and we will set up your partner call.',
      action: contactAbout('Partner application'),
    },
  },
  '/community-service': {
    eyebrow: 'Community service',
    title: 'AI for the people who help others',
    lead: 'We donate time and technology to non-profits, charities and community groups, so the organisations that serve our neighbours can do more with less.',
    cards: {
      heading: 'How we give back',
      items: [
        {
          icon: HeartHandshake,
          title: 'Free chatbots for non-profits',
          text: 'Registered charities can apply for a free assistant to answer their community’s questions.',
        },
        {
          icon: Users,
          title: 'Free workshops',
          text: 'Introductory AI sessions for community centres, libraries and schools.',
        },
        {
          icon: Clock,
          title: 'Volunteer hours',
          text: 'Students and professionals volunteer with us on community projects.',
          link: { label: 'About volunteer hours', to: '/volunteer-hours' },
        },
      ],
    },
    cta: {
      title: 'Does your organisation need help?',
      text: 'Tell us about your mission.',
      action: contactAbout('Help for a community organisation'),
    },
  },
  '/volunteer-hours': {
    eyebrow: 'Volunteer hours',
    title: 'Volunteer with Vuxo',
    lead: 'Give a few hours a week to community AI projects and earn documented volunteer hours for school, certification or your own growth.',
    steps: {
      heading: 'How it works',
      items: [
        { title: 'Sign up', text: 'Tell us your skills and how many hours you can give.' },
        {
          title: 'Join a project',
          text: 'Help build chatbots, run workshops or write guides for non-profits.',
        },
        { title: 'Get your hours', text: 'We track and sign off every hour you contribute.' },
      ],
    },
    cta: {
      title: 'Ready to volunteer?',
      text: 'Send us a short note and we will match you with a project.',
      action: contactAbout('Volunteering'),
    },
  },
} satisfies Record<string, MarketingContent>;
