import type { LucideIcon } from 'lucide-react';
import {
  AppWindow,
  BookOpen,
  Briefcase,
  CircleHelp,
  Clock,
  Code2,
  Handshake,
  HeartHandshake,
  HeartPulse,
  Map,
  MessagesSquare,
  Newspaper,
  PhoneCall,
  PlayCircle,
  Presentation,
  Users,
} from 'lucide-react';

/**
 * The icons of the navbar's menus, in a module of their own that loads after the page: the menus are closed
 * at first, and the icons weighed on every page's first load (a prerendered page shows them at once).
 */
const NAV_ICONS = {
  appWindow: AppWindow,
  bookOpen: BookOpen,
  briefcase: Briefcase,
  circleHelp: CircleHelp,
  clock: Clock,
  code2: Code2,
  handshake: Handshake,
  heartHandshake: HeartHandshake,
  heartPulse: HeartPulse,
  map: Map,
  messagesSquare: MessagesSquare,
  newspaper: Newspaper,
  phoneCall: PhoneCall,
  playCircle: PlayCircle,
  presentation: Presentation,
  users: Users,
} satisfies Record<string, LucideIcon>;

export type NavIconName = keyof typeof NAV_ICONS;

export default function NavIcon({ name }: { name: NavIconName }) {
  const Icon = NAV_ICONS[name];
  return <Icon />;
}
