import type { LucideIcon } from 'lucide-react';

export interface ContentLink {
  label: string;
  to: string;
}

export interface ContentCard {
  icon: LucideIcon;
  title: string;
  text: string;
  link?: ContentLink;
}

/** The content of one marketing page, rendered by ContentPage. */
export interface MarketingContent {
  eyebrow: string;
  title: string;
  lead: string;
  actions?: { primary: ContentLink; secondary?: ContentLink };
  cards?: { heading: string; intro?: string; items: ContentCard[] };
  steps?: { heading: string; items: { title: string; text: string }[] };
  prose?: { heading: string; paragraphs: string[] }[];
  faqs?: { question: string; answer: string }[];
  cta?: { title: string; text: string; action: ContentLink };
}
