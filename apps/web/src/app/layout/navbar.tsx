import { Link } from 'react-router';
import { BRAND, ROUTES } from '@vuxo/shared';
import { BrandLogo } from '../../components/ui/brand-logo';
import { Container } from '../../components/ui/section';
import { DesktopNav } from './desktop-nav';
import { MobileMenu } from './mobile-menu';
import styles from './navbar.module.css';

/** The navbar: its background changes once the page scrolls past the threshold (specification, section 4). */
export function Navbar({ scrolled }: { scrolled: boolean }) {
  return (
    <div className={styles.navbar} data-scrolled={scrolled || undefined}>
      <Container className={styles.inner}>
        <Link to={ROUTES.home} className={styles.brand} aria-label={`${BRAND} home`}>
          <BrandLogo />
        </Link>
        <DesktopNav />
        <MobileMenu />
      </Container>
    </div>
  );
}
