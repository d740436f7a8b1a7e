import { ROUTES } from '@vuxo/shared/routes';

export type HeroVisualKind = 'chat' | 'voice' | 'growth';

export interface HeroSlide {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  primary: { label: string; to: string };
  visual: HeroVisualKind;
}

/** The landing hero carousel's slides; every slide also offers 'Contact Us'. */
export const HERO_SLIDES: HeroSlide[] = [
  {
    id: 'chatbot',
    eyebrow: 'Chatbot builder',
    title: 'Your AI chatbot, built from one document',
    text: 'Upload a menu, a price list or a handbook. Minutes later your chatbot answers customers around the clock, in your tone, on your website.',
    primary: { label: 'Build your chatbot', to: ROUTES.wizard },
    visual: 'chat',
  },
  {
    id: 'voice',
    eyebrow: 'Voice agent',
    title: 'Never miss another customer call',
    text: 'Vuxo Voice answers every call, day and night, books appointments and sends you a clear summary of each conversation.',
    primary: { label: 'Meet the voice agent', to: '/vuxo-voice' },
    visual: 'voice',
  },
  {
    id: 'services',
    eyebrow: 'Consultancy and training',
    title: 'AI that fits your business and your budget',
    text: 'Consultancy, workshops and custom apps from a team that makes AI simple, affordable and within reach of every business.',
    primary: { label: 'Explore our services', to: '/services' },
    visual: 'growth',
  },
];
