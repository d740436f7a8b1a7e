import { Blocks, FileText, LayoutDashboard, MessageCircle, PhoneCall, Sparkles } from 'lucide-react';
import { Section, SectionHeader } from '../../../components/ui/section';
import styles from './landing.module.css';

const FEATURES = [
  {
    icon: FileText,
    title: 'Built from your own document',
    text: 'Upload one file and your chatbot answers from it, citing the section each answer came from.',
  },
  {
    icon: Sparkles,
    title: 'Ready in minutes',
    text: 'Name it, pick a tone and an avatar, and publish. No prompts, no code, no waiting on developers.',
  },
  {
    icon: MessageCircle,
    title: 'Chat page and website widget',
    text: 'Share a link or add one line of code. The widget opens from a launcher and fits any site.',
  },
  {
    icon: PhoneCall,
    title: 'Voice agent for your phone line',
    text: 'Answer calls 24/7, take bookings and get a summary of every conversation.',
  },
  {
    icon: LayoutDashboard,
    title: 'One simple dashboard',
    text: 'Every bot, its status and its share link in one place. Test privately before you go live.',
  },
  {
    icon: Blocks,
    title: 'Grows with you',
    text: 'Start with one bot on the free trial and add more, or a phone agent, when you are ready.',
  },
];

export function FeaturesSection() {
  return (
    <Section labelledBy="features-title">
      <SectionHeader
        id="features-title"
        eyebrow="Features"
        title="Everything you need to put AI to work"
        lead="The power of modern AI, packaged so any business can use it on day one."
      />
      <ul role="list" className={styles.features}>
        {FEATURES.map((feature) => (
          <li key={feature.title} className={styles.feature}>
            <span className={styles.featureIcon} aria-hidden="true">
              <feature.icon />
            </span>
            <h3 className={styles.featureTitle}>{feature.title}</h3>
            <p className={styles.muted}>{feature.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
