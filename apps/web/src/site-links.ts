/**
 * Outside links in one config file: the social profiles and the three demo sites
 * shown in the landing page's portfolio. Edit here; nothing else hard-codes them.
 */
export type SocialNetwork = 'facebook' | 'instagram' | 'whatsapp' | 'linkedin';

export interface SocialLink {
  network: SocialNetwork;
  label: string;
  href: string;
}

export const SOCIAL_PROFILES = {
  facebook: 'https://www.facebook.com/vuxo.ai',
  instagram: 'https://www.instagram.com/vuxo.ai',
  linkedin: 'https://www.linkedin.com/company/vuxo-ai',
} as const;

/** Facebook, Instagram, WhatsApp (a chat with the public phone line) and LinkedIn. */
export function socialLinks(publicPhone: string): SocialLink[] {
  return [
    { network: 'facebook', label: 'Facebook', href: SOCIAL_PROFILES.facebook },
    { network: 'instagram', label: 'Instagram', href: SOCIAL_PROFILES.instagram },
    { network: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/${publicPhone.replace(/[^\d]/g, '')}` },
    { network: 'linkedin', label: 'LinkedIn', href: SOCIAL_PROFILES.linkedin },
  ];
}

export interface DemoSite {
  name: string;
  industry: string;
  summary: string;
  href: string;
  /** What the bot on that site does, shown as tags. */
  tags: string[];
}

/** The landing page portfolio: three demo sites, each with a Vuxo chatbot on it. */
export const PORTFOLIO_DEMO_SITES: DemoSite[] = [
  {
    name: 'Maple Dental Studio',
    industry: 'Healthcare',
    summary:
      'A clinic site whose chatbot books cleanings, explains treatments and answers insurance questions.',
    href: 'https://dental.demo.vuxo.example',
    tags: ['Booking', 'FAQ', 'After-hours'],
  },
  {
    name: 'Harbour Bistro',
    industry: 'Restaurants',
    summary:
      'A restaurant site with a bot that shares the menu, flags allergens and takes reservation requests.',
    href: 'https://bistro.demo.vuxo.example',
    tags: ['Menu', 'Reservations', 'Allergens'],
  },
  {
    name: 'Northline Realty',
    industry: 'Real estate',
    summary:
      'A brokerage site where the bot qualifies buyers, answers listing questions and sets up viewings.',
    href: 'https://realty.demo.vuxo.example',
    tags: ['Lead capture', 'Listings', 'Viewings'],
  },
];
