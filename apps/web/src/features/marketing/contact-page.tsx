import { Link } from 'react-router';
import { ArrowRight, Handshake, Lightbulb, Mail, Phone } from 'lucide-react';
import { appConfig } from '../../app/config';
import { mailtoHref, telHref } from '../../components/ui/contact-hrefs';
import { Section } from '../../components/ui/section';
import { usePageTitle } from '../../components/ui/use-page-title';
import { ContactForm } from './contact-form';
import { PageHero } from './page-hero';
import styles from './contact-page.module.css';

const CONTACT_LEAD =
  'Questions about a plan, a project or a partnership? Write or call, and a real person will reply within one business day.';

/** /contact: how to reach us, and a form whose messages the team reads. */
export function ContactPage() {
  const { supportEmail, publicPhone } = appConfig();
  usePageTitle('Contact Us', CONTACT_LEAD);
  return (
    <main>
      <PageHero eyebrow="Contact" title="Contact Us" lead={CONTACT_LEAD} />
      <Section labelledBy="contact-ways">
        <h2 id="contact-ways" className="visually-hidden">
          Ways to reach us
        </h2>
        <ul role="list" className={styles.grid}>
          <li className={styles.card}>
            <span className={styles.icon} aria-hidden="true">
              <Mail />
            </span>
            <h3 className={styles.title}>Email</h3>
            <p className={styles.text}>For questions, quotes and support.</p>
            <a className={styles.value} href={mailtoHref(supportEmail)}>
              {supportEmail}
            </a>
          </li>
          <li className={styles.card}>
            <span className={styles.icon} aria-hidden="true">
              <Phone />
            </span>
            <h3 className={styles.title}>Phone</h3>
            <p className={styles.text}>Talk to our team about your business.</p>
            <a className={styles.value} href={telHref(publicPhone)}>
              {publicPhone}
            </a>
          </li>
          <li className={styles.card}>
            <span className={styles.icon} aria-hidden="true">
              <Lightbulb />
            </span>
            <h3 className={styles.title}>Consultancy</h3>
            <p className={styles.text}>Book a free 30-minute discovery call about AI in your business.</p>
            <Link className={styles.value} to="/ai-consultancy">
              About AI consultancy <ArrowRight aria-hidden="true" />
            </Link>
          </li>
          <li className={styles.card}>
            <span className={styles.icon} aria-hidden="true">
              <Handshake />
            </span>
            <h3 className={styles.title}>Partnerships</h3>
            <p className={styles.text}>Agencies, consultants and community groups: let’s work together.</p>
            <Link className={styles.value} to="/become-a-partner">
              The partner programme <ArrowRight aria-hidden="true" />
            </Link>
          </li>
        </ul>
        <ContactForm />
      </Section>
    </main>
  );
}
