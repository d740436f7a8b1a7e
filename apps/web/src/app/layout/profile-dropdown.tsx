import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LayoutDashboard, LogOut } from 'lucide-react';
import { DASHBOARD_MSG } from '@vuxo/shared/messages';
import { ROUTES } from '@vuxo/shared/routes';
import { OUTSIDE_CLICK_CLOSE_MS } from '../../ui-tuning';
import { useAuth } from '../../features/auth/use-auth';
import type { AuthUser } from '../../features/auth/auth-types';
import styles from './profile-menu.module.css';

/** The signed-in user's welcome text and account dropdown. */
export default function ProfileMenu({ user }: { user: AuthUser }) {
  const { signOut } = useAuth();
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const name = user.displayName || user.email;

  const cancelClose = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  useEffect(() => cancelClose, []);

  const onOpenChange = (next: boolean) => {
    cancelClose();
    setOpen(next);
  };

  // An outside click or touch closes the menu after a short delay.
  const closeSoon = (event: Event) => {
    event.preventDefault();
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(false), OUTSIDE_CLICK_CLOSE_MS);
  };

  // Signed out, the visitor stays where they are (the guard moves them off a protected page);
  // a failure is logged and nothing changes.
  const logout = async () => {
    try {
      await signOut();
    } catch (error) {
      console.error(error);
    }
  };

  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenu.Trigger className={styles.trigger}>
        <span className={styles.avatar} aria-hidden="true">
          {(name ?? '?').charAt(0).toUpperCase()}
        </span>
        <span className={styles.welcome}>
          {name ? (
            <>
              <span className="mobile-only">Welcome</span>
              <span className="wide-only">Welcome, {name}</span>
            </>
          ) : (
            'Welcome'
          )}
        </span>
        <ChevronDown className={styles.chevron} aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className={styles.menu}
          onPointerDownOutside={closeSoon}
          onFocusOutside={closeSoon}
        >
          {user.email && (
            <DropdownMenu.Label className={styles.label}>
              <span className={styles.labelName}>{user.displayName ?? 'Signed in'}</span>
              <span className={styles.labelEmail}>{user.email}</span>
            </DropdownMenu.Label>
          )}
          <DropdownMenu.Item asChild className={styles.item}>
            <Link to={ROUTES.dashboard}>
              <LayoutDashboard aria-hidden="true" />
              {DASHBOARD_MSG.menuLabel}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item className={styles.item} onSelect={() => void logout()}>
            <LogOut aria-hidden="true" />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
