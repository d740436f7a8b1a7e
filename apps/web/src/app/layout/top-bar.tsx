import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight, Sparkles } from 'lucide-react';
import { ROUTES } from '@vuxo/shared/routes';
import { ANNOUNCEMENT_COUNT, ANNOUNCEMENT_INTERVAL_MS } from '../../ui-tuning';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/section';
import { useIsMobile } from '../../components/ui/use-media-query';
import { announcements } from './announcements';
import { ProfileArea } from './profile-menu';
import styles from './top-bar.module.css';

interface TopBarProps {
  /** Collapsed while the page scrolls down (its height variable is 0). */
  hidden: boolean;
  /** Keyboard focus entering a collapsed top bar brings it back. */
  onFocusWithin: () => void;
}

/** Rotating announcements, the profile area and the 'Create My Bot' button. */
export function TopBar({ hidden, onFocusWithin }: TopBarProps) {
  const isMobile = useIsMobile();
  return (
    <div className={styles.topBar} data-hidden={hidden || undefined} onFocus={onFocusWithin}>
      <Container className={styles.inner}>
        <AnnouncementTicker isMobile={isMobile} />
        <div className={styles.actions}>
          <ProfileArea isMobile={isMobile} />
          <ButtonLink to={ROUTES.wizard} size="sm" className={styles.cta}>
            <Sparkles aria-hidden="true" />
            {isMobile ? 'Build My Bot' : 'Create My Bot'}
          </ButtonLink>
        </div>
      </Container>
    </div>
  );
}

function AnnouncementTicker({ isMobile }: { isMobile: boolean }) {
  const items = announcements(isMobile);
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % ANNOUNCEMENT_COUNT), ANNOUNCEMENT_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused]);

  const item = items[index % items.length] ?? items[0];
  if (!item) return null;
  const Icon = item.icon;
  return (
    <div
      className={styles.ticker}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <Link key={item.id} to={item.to} className={styles.announcement}>
        <Icon className={styles.icon} aria-hidden="true" />
        <span className={styles.text}>{isMobile ? item.short : item.text}</span>
        <span className={styles.action}>
          {item.action}
          <ArrowRight aria-hidden="true" />
        </span>
      </Link>
      <span className={styles.dots} aria-hidden="true">
        {items.map((entry, i) => (
          <span key={entry.id} className={styles.dot} data-active={i === index || undefined} />
        ))}
      </span>
    </div>
  );
}
