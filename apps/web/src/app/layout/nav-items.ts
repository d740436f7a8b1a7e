import type { NavIconName } from './nav-icons';
import { DASHBOARD_MENU_LABEL, ROUTES, isWorkspacePath } from '@vuxo/shared/routes';

export interface NavLinkItem {
  label: string;
  to: string;
  description: string;
  /** Drawn by nav-icons.tsx, which loads after the page. */
  icon: NavIconName;
}

export type NavItem =
  | { kind: 'link'; label: string; to: string }
  | {
      kind: 'menu';
      id: string;
      label: string;
      parent?: { label: string; to: string };
      children: NavLinkItem[];
    };

/** The navbar, in order. */
export const NAV_ITEMS: NavItem[] = [
  { kind: 'link', label: 'Home', to: ROUTES.home },
  { kind: 'link', label: 'About', to: '/about' },
  {
    kind: 'menu',
    id: 'products',
    label: 'Products',
    children: [
      { label: 'Voice agent', to: '/vuxo-voice', description: 'Answers every call, 24/7', icon: 'phoneCall' },
      {
        label: 'Chatbot builder',
        to: '/vuxo-chat',
        description: 'Your AI chatbot from one document',
        icon: 'messagesSquare',
      },
      { label: 'Demo Hub', to: '/demos', description: 'Try our AI before you buy', icon: 'playCircle' },
    ],
  },
  {
    kind: 'menu',
    id: 'services',
    label: 'Services',
    parent: { label: 'AI Consultancy', to: '/ai-consultancy' },
    children: [
      {
        label: 'Workshops',
        to: '/workshops',
        description: 'Hands-on AI training for teams',
        icon: 'presentation',
      },
      {
        label: 'App Development',
        to: '/app-development',
        description: 'AI-powered mobile and web apps',
        icon: 'code2',
      },
      {
        label: 'Website Development',
        to: '/website-development',
        description: 'Fast sites with AI built in',
        icon: 'appWindow',
      },
      {
        label: 'AI4Health Heart Health',
        to: '/ai4health-heart-health',
        description: 'Our health-focused AI programme',
        icon: 'heartPulse',
      },
    ],
  },
  { kind: 'link', label: 'Pricing', to: ROUTES.plans },
  {
    kind: 'menu',
    id: 'community',
    label: 'Community',
    children: [
      { label: 'Partners', to: '/partners', description: 'The companies we build with', icon: 'handshake' },
      { label: 'Careers', to: '/careers', description: 'Join the Vuxo team', icon: 'briefcase' },
      {
        label: 'Community Service',
        to: '/community-service',
        description: 'AI for non-profits and neighbours',
        icon: 'heartHandshake',
      },
      {
        label: 'Become a Partner',
        to: '/become-a-partner',
        description: 'Resell or refer Vuxo',
        icon: 'users',
      },
      {
        label: 'Volunteer Hours',
        to: '/volunteer-hours',
        description: 'Give time, earn hours',
        icon: 'clock',
      },
    ],
  },
  {
    kind: 'menu',
    id: 'resources',
    label: 'Resources',
    children: [
      { label: 'Blogs', to: '/blogs', description: 'Ideas and guides on practical AI', icon: 'newspaper' },
      { label: 'FAQs', to: '/faqs', description: 'Straight answers to common questions', icon: 'circleHelp' },
      { label: 'Content', to: '/content', description: 'Videos, talks and downloads', icon: 'bookOpen' },
      { label: 'Site Map', to: '/sitemaps', description: 'Every page on one page', icon: 'map' },
    ],
  },
  { kind: 'link', label: 'Contact', to: '/contact' },
];

/** The owner's workspace (their bots, a bot's page, its console): its own links, not the site's menus (issue 45). */
export const WORKSPACE_NAV_ITEMS: NavItem[] = [
  { kind: 'link', label: DASHBOARD_MENU_LABEL, to: ROUTES.dashboard },
  { kind: 'link', label: 'Build a bot', to: ROUTES.wizard },
  { kind: 'link', label: 'Plans', to: ROUTES.plans },
  { kind: 'link', label: 'Help', to: ROUTES.contact },
];

/** The navbar's items on a page: the workspace's own on the owner's pages, the site's elsewhere. */
export const navItemsFor = (pathname: string): NavItem[] =>
  isWorkspacePath(pathname) ? WORKSPACE_NAV_ITEMS : NAV_ITEMS;
