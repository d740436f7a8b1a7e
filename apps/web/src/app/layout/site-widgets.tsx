import { Phone } from 'lucide-react';
import { appConfig } from '../config';
import { telHref } from '../../components/ui/contact-hrefs';
import styles from './site-widgets.module.css';

/** The site's floating widgets; the layout hides them on /wizard and /dashboard/bots. */
export function SiteWidgets() {
  return (
    <>
      <CallWidget />
      <SiteChatWidgetSlot />
    </>
  );
}

/** A floating 'Call us' button that dials the public phone line (decisions, section 6). */
export function CallWidget() {
  const { publicPhone } = appConfig();
  return (
    <a href={telHref(publicPhone)} className={styles.call} title={publicPhone}>
      <span className={styles.callIcon} aria-hidden="true">
        <Phone />
      </span>
      Call us
    </a>
  );
}

/**
 * Slot for the site's own chat widget: a Vuxo bot embedded with the product's widget
 * (decisions, section 6). The widget feature renders it here; until then nothing shows.
 */
export function SiteChatWidgetSlot() {
  return null;
}
