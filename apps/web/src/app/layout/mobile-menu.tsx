import { Suspense, lazy, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Menu } from 'lucide-react';
import styles from './mobile-menu.module.css';

/** The menu's dialog loads on the first tap: a visitor who never opens it never downloads it. */
const MobileMenuDialog = lazy(() => import('./mobile-menu-dialog'));

/**
 * The mobile (≤768 px) slide-in menu. It closes on route change, and when the window grows past mobile width.
 */
export function MobileMenu() {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const open = openOn === pathname;

  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.hamburger}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpenOn(pathname);
        }}
      >
        <Menu aria-hidden="true" />
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <MobileMenuDialog
            open={open}
            onClose={() => setOpenOn(null)}
            returnFocus={() => button.current?.focus()}
          />
        </Suspense>
      )}
    </>
  );
}
