import type { LucideIcon } from 'lucide-react';
import { CalendarDays, Info, PhoneCall, Sparkles } from 'lucide-react';

export interface Announcement {
  id: string;
  /** Full text for wider screens; `short` for mobile. */
  text: string;
  short: string;
  to: string;
  action: string;
  icon: LucideIcon;
}

/** A slot of the rotation: one announcement, or one for mobile and another for wider screens. */
export type AnnouncementSlot = Announcement | { mobile: Announcement; wide: Announcement };

/**
 * The top bar's three rotating announcements: they link to /vuxo-chat,
 * /workshops, and /about on mobile or /vuxo-voice on desktop.
 */
export const ANNOUNCEMENTS: readonly AnnouncementSlot[] = [
  {
    id: 'chatbot',
    text: 'New: turn one business document into an AI chatbot in minutes.',
    short: 'Your AI chatbot in minutes',
    to: '/vuxo-chat',
    action: 'Try it',
    icon: Sparkles,
  },
  {
    id: 'ai4health',
    text: 'AI for Health live event: June 9 at 7 PM. Save your free seat.',
    short: 'AI for Health: June 9, 7 PM',
    to: '/workshops',
    action: 'Register',
    icon: CalendarDays,
  },
  {
    mobile: {
      id: 'about',
      text: 'Meet Vuxo: AI made simple and affordable for every business.',
      short: 'Meet Vuxo: AI made simple',
      to: '/about',
      action: 'Learn more',
      icon: Info,
    },
    wide: {
      id: 'voice',
      text: 'Never miss a call: the Vuxo voice agent answers your phone 24/7.',
      short: 'Vuxo voice agent: 24/7 calls',
      to: '/vuxo-voice',
      action: 'Learn more',
      icon: PhoneCall,
    },
  },
];
