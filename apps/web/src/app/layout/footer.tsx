import { Link } from 'react-router';
import { ArrowUp, Mail, Phone } from 'lucide-react';
import { BRAND } from '@vuxo/shared/brand';
import { ROUTES } from '@vuxo/shared/routes';
import { appConfig } from '../config';
import { socialLinks } from '../../site-links';
import { BrandLogo } from '../../components/ui/brand-logo';
import { Container } from '../../components/ui/section';
import { Particles } from '../../components/ui/particles';
import { SocialIcon } from '../../components/ui/social-icons';
import { mailtoHref, telHref } from '../../components/ui/contact-hrefs';
import { usePrefersReducedMotion } from '../../components/ui/use-media-query';
import { useFooterParticleCount } from './use-footer-particle-count';
import styles from './footer.module.css';

/** The site footer. */
export function Footer() {
  const { supportEmail, publicPhone } = appConfig();
  const particles = useFooterParticleCount();
  const reducedMotion = usePrefersReducedMotion();

  const backToTop = () => {
    window.scrollTo({ top: 0, behavior: reducedMotion ? 'auto' : 'smooth' });
    document.getElementById('top')?.focus({ preventScroll: true });
  };

  return (
    <footer className={`${styles.footer} theme-dark`}>
      <Particles count={particles} className={styles.particles} />
      <div className={styles.glow} aria-hidden="true" />
      <Container className={styles.inner}>
        <div className={styles.grid}>
          <div className={styles.about}>
            <Link to={ROUTES.home} className={styles.brand} aria-label={`${BRAND} home`}>
              <BrandLogo />
            </Link>
            <p>
              {BRAND} builds simplified, affordable and scalable AI for businesses: voice agents that answer
              every call, chatbots trained on your own documents, and hands-on consultancy and workshops to
              put them to work.
            </p>
            <p className={styles.vision}>
              <span className={styles.visionLabel}>Our vision</span>
              To make AI simple, affordable and within reach of every business.
            </p>
          </div>

          <section className={styles.block} aria-labelledby="footer-contact">
            <h2 id="footer-contact" className={styles.heading}>
              Contact
            </h2>
            <ul role="list" className={styles.contactList}>
              <li>
                <a href={mailtoHref(supportEmail)} className={styles.contactLink}>
                  <Mail aria-hidden="true" />
                  {supportEmail}
                </a>
              </li>
              <li>
                <a href={telHref(publicPhone)} className={styles.contactLink}>
                  <Phone aria-hidden="true" />
                  {publicPhone}
                </a>
              </li>
            </ul>
          </section>

          <section className={styles.block} aria-labelledby="footer-social">
            <h2 id="footer-social" className={styles.heading}>
              Follow us
            </h2>
            <ul role="list" className={styles.social}>
              {socialLinks(publicPhone).map((link) => (
                <li key={link.network}>
                  <a
                    href={link.href}
                    className={styles.socialLink}
                    aria-label={link.label}
                    title={link.label}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <SocialIcon network={link.network} />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </div>

        <div className={styles.bottom}>
          <p className={styles.copyright}>
            © {new Date().getFullYear()} {BRAND}
          </p>
          <ul role="list" className={styles.legal}>
            <li>
              <Link to="/terms">Terms of Service</Link>
            </li>
            <li>
              <Link to="/sitemaps">Sitemap</Link>
            </li>
          </ul>
          <button type="button" className={styles.backToTop} onClick={backToTop}>
            <ArrowUp aria-hidden="true" />
            Back to Top
          </button>
        </div>
      </Container>
    </footer>
  );
}
