import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight, Sparkles } from 'lucide-react';
import { ROUTES } from '@vuxo/shared/routes';
import { ANNOUNCEMENT_INTERVAL_MS } from '../../ui-tuning';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/section';
import { ANNOUNCEMENTS, type Announcement } from './announcements';
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
  return (
    <div className={styles.topBar} data-hidden={hidden || undefined} onFocus={onFocusWithin}>
      <Container className={styles.inner}>
        <AnnouncementTicker />
        <div className={styles.actions}>
          <ProfileArea />
          <ButtonLink to={ROUTES.wizard} size="sm" className={styles.cta}>
            <Sparkles aria-hidden="true" />
            <span className="mobile-only">Build My Bot</span>
            <span className="wide-only">Create My Bot</span>
          </ButtonLink>
        </div>
      </Container>
    </div>
  );
}

function AnnouncementTicker() {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(
      () => setIndex((i) => (i + 1) % ANNOUNCEMENTS.length),
      ANNOUNCEMENT_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, [paused]);

  const slot = ANNOUNCEMENTS[index % ANNOUNCEMENTS.length] ?? ANNOUNCEMENTS[0]!;
  return (
    <div
      className={styles.ticker}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      {'mobile' in slot ? (
        <>
          <AnnouncementLink key={slot.mobile.id} item={slot.mobile} className="mobile-only" />
          <AnnouncementLink key={slot.wide.id} item={slot.wide} className="wide-only" />
        </>
      ) : (
        <AnnouncementLink key={slot.id} item={slot} />
      )}
      <span className={styles.dots} aria-hidden="true">
        {ANNOUNCEMENTS.map((_, i) => (
          <span key={i} className={styles.dot} data-active={i === index || undefined} />
        ))}
      </span>
    </div>
  );
}

function AnnouncementLink({ item, className }: { item: Announcement; className?: string }) {
  const Icon = item.icon;
  return (
    <Link to={item.to} className={[styles.announcement, className].filter(Boolean).join(' ')}>
      <Icon className={styles.icon} aria-hidden="true" />
      <span className={styles.text}>
        <span className="mobile-only">{item.short}</span>
        <span className="wide-only">{item.text}</span>
      </span>
      <span className={styles.action}>
        {item.action}
        <ArrowRight aria-hidden="true" />
      </span>
    </Link>
  );
}
