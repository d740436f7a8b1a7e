import { lazy, Suspense, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import {
  hidesAllChrome,
  hidesFooter,
  hidesSiteChat,
  hidesSiteWidgets,
  isWorkspacePath,
  NO_TOP_BAR_ATTRIBUTE,
} from '@vuxo/shared/routes';
import { PageLoading } from '../../components/ui/page-loading';
import { DEFAULT_TITLE } from '../../components/ui/use-page-title';
import { usePageViews } from '../../features/analytics/use-page-views';
import { TOP_BAR_HIDDEN_ATTRIBUTE } from './layout-variables';
import { useScrollState } from './use-scroll-state';
import { TopBar } from './top-bar';
import { Navbar } from './navbar';
import { SiteWidgets } from './site-widgets';
import styles from './root-layout.module.css';

/**
 * The footer sits below every page, so its code (and its particles) loads after the page's own: a prerendered
 * footer stays as the server wrote it until then.
 */
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));
/**
 * One element for every render: the chrome re-renders as the window scrolls, and a new element would reach the
 * footer while its code is still loading, making React drop the prerendered footer until the code arrives.
 */
const lazyFooter = (
  <Suspense fallback={null}>
    <Footer />
  </Suspense>
);

/** The one root route: applies the global layout rules. */
export function RootLayout() {
  const { pathname, hash } = useLocation();
  usePageViews();

  // Each page sets its own title; until it does, the default shows.
  useLayoutEffect(() => {
    document.title = DEFAULT_TITLE;
  }, [pathname]);

  // The window scrolls to the top on every route change (or to the #anchor the link names). The page first
  // shown is left where the browser placed it: a visitor may have scrolled the prerendered page before its
  // scripts ran, and pulling them back to the top would lose their place.
  const shown = useRef({ pathname, hash });
  useLayoutEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    const firstPage = shown.current.pathname === pathname && shown.current.hash === hash;
    shown.current = { pathname, hash };
    if (firstPage) {
      if (target && window.scrollY === 0) target.scrollIntoView(); // Not there yet when the browser looked.
    } else if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);

  const page = (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
  if (hidesAllChrome(pathname)) return page;

  return (
    <SiteChrome
      workspace={isWorkspacePath(pathname)}
      footer={!hidesFooter(pathname)}
      widgets={!hidesSiteWidgets(pathname)}
      siteChat={!hidesSiteChat(pathname)}
    >
      {page}
    </SiteChrome>
  );
}

function SiteChrome({
  workspace,
  footer,
  widgets,
  siteChat,
  children,
}: {
  /** The owner's workspace: one bar with its own links and the account, no announcements (issue 45). */
  workspace: boolean;
  footer: boolean;
  widgets: boolean;
  siteChat: boolean;
  children: ReactNode;
}) {
  const { scrolled, topBarHidden, revealTopBar } = useScrollState();
  // Heights come from the UI tuning, as a stylesheet per screen size (layoutVariablesCss); the top bar's
  // collapses to 0 while it is hidden.
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.toggleAttribute(TOP_BAR_HIDDEN_ATTRIBUTE, topBarHidden);
    root.toggleAttribute(NO_TOP_BAR_ATTRIBUTE, workspace);
    return () => {
      root.removeAttribute(TOP_BAR_HIDDEN_ATTRIBUTE);
      root.removeAttribute(NO_TOP_BAR_ATTRIBUTE);
    };
  }, [topBarHidden, workspace]);

  return (
    <div className={styles.shell}>
      <span id="top" tabIndex={-1} className={styles.topAnchor} />
      <a href="#content" className={styles.skipLink}>
        Skip to content
      </a>
      <header className={`${styles.header} theme-dark`}>
        {!workspace && <TopBar hidden={topBarHidden} onFocusWithin={revealTopBar} />}
        <Navbar scrolled={scrolled} workspace={workspace} />
      </header>
      <div id="content" tabIndex={-1} className={styles.content}>
        {children}
      </div>
      {footer && lazyFooter}
      {widgets && <SiteWidgets chat={siteChat} />}
    </div>
  );
}
