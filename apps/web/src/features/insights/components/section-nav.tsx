import { Link } from 'react-router';
import { Settings } from 'lucide-react';
import { DASHBOARD_MSG, INSIGHTS_MSG } from '@vuxo/shared/messages';
import styles from '../insights-page.module.css';

/** The bot page's sections, by the #anchor a link (or the request mail's) opens them at. */
export const BOT_PAGE_SECTIONS = ['review', 'knowledge', 'requests', 'conversations'] as const;
export type BotPageSection = (typeof BOT_PAGE_SECTIONS)[number];

/**
 * The bot page's navigation, kept under the site's header as the page scrolls: each section one tap away on a
 * phone, and the bot's settings beside them.
 */
export function SectionNav({
  onSettings,
  settingsLabel,
}: {
  /** Opens the bot's settings; absent while the bot loads. */
  onSettings?: () => void;
  settingsLabel: string;
}) {
  return (
    <nav className={styles.sectionNav} aria-label={INSIGHTS_MSG.sectionsLabel}>
      <ul>
        {BOT_PAGE_SECTIONS.map((section) => (
          <li key={section}>
            <Link to={{ hash: `#${section}` }}>{INSIGHTS_MSG.sections[section]}</Link>
          </li>
        ))}
        <li>
          <button type="button" onClick={onSettings} disabled={!onSettings} aria-label={settingsLabel}>
            <Settings aria-hidden="true" />
            {DASHBOARD_MSG.editSettings}
          </button>
        </li>
      </ul>
    </nav>
  );
}
