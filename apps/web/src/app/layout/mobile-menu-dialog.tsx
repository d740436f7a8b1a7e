import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import * as Dialog from '@radix-ui/react-dialog';
import { ChevronDown, Mail, Sparkles, X } from 'lucide-react';
import { ROUTES } from '@vuxo/shared/routes';
import { appConfig } from '../config';
import { BrandLogo } from '../../components/ui/brand-logo';
import { ButtonLink } from '../../components/ui/button';
import { mailtoHref } from '../../components/ui/contact-hrefs';
import { useIsMobile } from '../../components/ui/use-media-query';
import { navItemsFor, type NavItem } from './nav-items';
import styles from './mobile-menu.module.css';

/**
 * The open mobile menu: a modal dialog, so focus is trapped inside it and Escape closes it. It closes when the
 * window grows past mobile width.
 */
export default function MobileMenuDialog({
  open,
  onClose,
  returnFocus,
}: {
  open: boolean;
  onClose: () => void;
  /** Where focus goes back to when the menu closes (the button that opened it). */
  returnFocus: () => void;
}) {
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  return (
    <Dialog.Root open={open && isMobile} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={`${styles.panel} theme-dark`}
          aria-describedby={undefined}
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a')) onClose();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <div className={styles.head}>
            <Dialog.Title className="visually-hidden">Menu</Dialog.Title>
            <Link to={ROUTES.home} className={styles.brand} aria-label="Vuxo home">
              <BrandLogo size={28} />
            </Link>
            <Dialog.Close className={styles.close} aria-label="Close menu">
              <X aria-hidden="true" />
            </Dialog.Close>
          </div>
          <nav aria-label="Main" className={styles.nav}>
            <ul role="list" className={styles.list}>
              {navItemsFor(pathname).map((item) => (
                <li key={item.label}>
                  {item.kind === 'link' ? (
                    <NavLink to={item.to} end className={styles.link}>
                      {item.label}
                    </NavLink>
                  ) : (
                    <MobileGroup item={item} />
                  )}
                </li>
              ))}
            </ul>
          </nav>
          <div className={styles.foot}>
            <ButtonLink to={ROUTES.wizard} block size="lg">
              <Sparkles aria-hidden="true" />
              Create My Bot
            </ButtonLink>
            <a className={styles.mail} href={mailtoHref(appConfig().supportEmail)}>
              <Mail aria-hidden="true" />
              {appConfig().supportEmail}
            </a>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function MobileGroup({ item }: { item: Extract<NavItem, { kind: 'menu' }> }) {
  const { pathname } = useLocation();
  const links = item.parent ? [item.parent, ...item.children] : item.children;
  const [expanded, setExpanded] = useState(() => links.some((link) => link.to === pathname));
  const id = `mobile-menu-${item.id}`;
  return (
    <>
      <button
        type="button"
        className={styles.link}
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setExpanded((value) => !value)}
      >
        {item.label}
        <ChevronDown className={styles.chevron} aria-hidden="true" />
      </button>
      <ul id={id} role="list" className={styles.sublist} hidden={!expanded}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end className={styles.sublink}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </>
  );
}
