import { useEffect } from 'react';
import { Phone } from 'lucide-react';
import type { CSSProperties } from 'react';
import { WIDGET_LAYOUT, WIDGET_SCRIPT_PATH } from '@vuxo/shared/widget';
import { appConfig } from '../config';
import { inOwnTask } from '../own-task';
import { telHref } from '../../components/ui/contact-hrefs';
import styles from './site-widgets.module.css';

/**
 * The site's floating widgets; the layout hides them on /wizard and /dashboard/bots, and the site chat where a
 * page has a chat of its own (`chat` false).
 */
export function SiteWidgets({ chat }: { chat: boolean }) {
  return (
    <>
      <CallWidget />
      {chat && <SiteChatWidgetSlot />}
    </>
  );
}

const CALL_SIZE = 48;
const callPlacement = {
  '--call-size': `${CALL_SIZE}px`,
  '--call-column': `${WIDGET_LAYOUT.launcher}px`,
  '--call-edge': `${WIDGET_LAYOUT.edge}px`,
  '--call-bottom': `${WIDGET_LAYOUT.edge + WIDGET_LAYOUT.launcher + WIDGET_LAYOUT.gap}px`,
} as CSSProperties;

/** A floating 'Call us' button that dials the public phone line. */
export function CallWidget() {
  const { publicPhone } = appConfig();
  return (
    <a href={telHref(publicPhone)} className={styles.call} style={callPlacement} title={publicPhone}>
      <span className={styles.callIcon} aria-hidden="true">
        <Phone />
      </span>
      <span className="visually-hidden">Call us</span>
    </a>
  );
}

/** Set on <html> while the site chat must not show (global.css hides the widget's element). */
export const SITE_CHAT_HIDDEN_ATTRIBUTE = 'data-site-chat-hidden';
const SITE_CHAT_SCRIPT_ID = 'vuxo-site-chat';

/**
 * The site's own chat widget: a Vuxo bot embedded with the product's own one-line embed, as any customer's
 * website would. The script is added once; when the layout hides the site widgets
 * (/wizard, /dashboard/bots) the widget is hidden, not torn down, so an open conversation survives.
 */
export function SiteChatWidgetSlot() {
  const { siteChatShareId } = appConfig();
  useEffect(() => {
    if (!siteChatShareId) return;
    // The script waits for an idle page before it does anything: adding it can wait for a task of its own.
    const cancel = inOwnTask(() => {
      if (document.getElementById(SITE_CHAT_SCRIPT_ID)) return;
      const script = document.createElement('script');
      script.id = SITE_CHAT_SCRIPT_ID;
      script.src = WIDGET_SCRIPT_PATH;
      script.async = true;
      script.dataset.bot = siteChatShareId;
      document.body.appendChild(script);
    });
    const root = document.documentElement;
    root.removeAttribute(SITE_CHAT_HIDDEN_ATTRIBUTE);
    return () => {
      cancel();
      root.setAttribute(SITE_CHAT_HIDDEN_ATTRIBUTE, '');
    };
  }, [siteChatShareId]);
  return null;
}
