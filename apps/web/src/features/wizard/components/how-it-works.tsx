import { FileUp, Palette, Share2 } from 'lucide-react';
import styles from './how-it-works.module.css';

const STEPS = [
  {
    icon: <FileUp />,
    title: 'Upload one document',
    text: 'A brochure, an FAQ, a menu or a price list: PDF, Word or text.',
  },
  {
    icon: <Palette />,
    title: 'Make it yours',
    text: 'Pick a name, a welcome message, a tone and an avatar.',
  },
  {
    icon: <Share2 />,
    title: 'Share it',
    text: 'Put it on your website with one line, or send its chat link.',
  },
];

/** Beside the bot-type choice on wide screens: what the next few minutes look like. */
export function HowItWorks() {
  return (
    <aside className={styles.panel} aria-labelledby="how-it-works-title">
      <h2 id="how-it-works-title" className={styles.title}>
        How it works
      </h2>
      <ol className={styles.list} role="list">
        {STEPS.map((step) => (
          <li key={step.title} className={styles.item}>
            <span className={styles.icon} aria-hidden="true">
              {step.icon}
            </span>
            <span>
              <span className={styles.itemTitle}>{step.title}</span>
              <span className={styles.itemText}>{step.text}</span>
            </span>
          </li>
        ))}
      </ol>
    </aside>
  );
}
