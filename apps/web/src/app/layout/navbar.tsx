import { Link } from 'react-router';
import { BRAND } from '@vuxo/shared/brand';
import { ROUTES } from '@vuxo/shared/routes';
import { BrandLogo } from '../../components/ui/brand-logo';
import { Container } from '../../components/ui/section';
import { DesktopNav } from './desktop-nav';
import { MobileMenu } from './mobile-menu';
import { ProfileArea } from './profile-menu';
import styles from './navbar.module.css';

/**
 * The navbar: its background changes once the page scrolls past the threshold. In the owner's workspace it is the
 * whole header, so the account sits in it.
 */
export function Navbar({ scrolled, workspace = false }: { scrolled: boolean; workspace?: boolean }) {
  return (
    <div className={styles.navbar} data-scrolled={scrolled || undefined}>
      <Container className={styles.inner}>
        <Link to={ROUTES.home} className={styles.brand} aria-label={`${BRAND} home`}>
          <BrandLogo />
        </Link>
        <DesktopNav />
        {workspace ? (
          <div className={styles.actions}>
            <ProfileArea />
            <MobileMenu />
          </div>
        ) : (
          <MobileMenu />
        )}
      </Container>
    </div>
  );
}
