import { lazy, Suspense, useLayoutEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { hidesAllChrome, hidesFooter, hidesSiteChat, hidesSiteWidgets } from '@vuxo/shared/routes';
import { BREAKPOINTS, NAVBAR_HEIGHT, TOP_BAR_HEIGHT } from '../../ui-tuning';
import { useIsMobile, useIsTabletOrSmaller } from '../../components/ui/use-media-query';
import { PageLoading } from '../../components/ui/page-loading';
import { DEFAULT_TITLE } from '../../components/ui/use-page-title';
import { usePageViews } from '../../features/analytics/use-page-views';
import { layoutVariables } from './layout-variables';
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

/** The one root route: applies the global layout rules. */
export function RootLayout() {
  const { pathname, hash } = useLocation();
  usePageViews();

  // Each page sets its own title; until it does, the default shows.
  useLayoutEffect(() => {
    document.title = DEFAULT_TITLE;
  }, [pathname]);

  // The window scrolls to the top on every route change (or to the #anchor the link names).
  useLayoutEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
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
      footer={!hidesFooter(pathname)}
      widgets={!hidesSiteWidgets(pathname)}
      siteChat={!hidesSiteChat(pathname)}
    >
      {page}
    </SiteChrome>
  );
}

function SiteChrome({
  footer,
  widgets,
  siteChat,
  children,
}: {
  footer: boolean;
  widgets: boolean;
  siteChat: boolean;
  children: ReactNode;
}) {
  const { scrolled, topBarHidden, revealTopBar } = useScrollState();
  // The hooks re-run the effect when the screen size changes; the effect reads the size itself, because while a
  // prerendered page hydrates they give the server's (desktop) answer for a render, and the header would grow
  // and shrink back in view.
  const isMobile = useIsMobile();
  const isTablet = useIsTabletOrSmaller();

  // Heights come from the shared limits; the top bar's variable collapses to 0 while it is hidden.
  useLayoutEffect(() => {
    const tablet = window.matchMedia(`(max-width: ${BREAKPOINTS.tablet}px)`).matches;
    const mobile = window.matchMedia(`(max-width: ${BREAKPOINTS.mobile}px)`).matches;
    const topBar = tablet ? TOP_BAR_HEIGHT.tablet : TOP_BAR_HEIGHT.desktop;
    const navbar = mobile ? NAVBAR_HEIGHT.mobile : NAVBAR_HEIGHT.desktop;
    const root = document.documentElement.style;
    const vars: Record<string, number> = layoutVariables({ topBar, navbar, topBarHidden });
    for (const [name, px] of Object.entries(vars)) root.setProperty(name, `${px}px`);
    return () => Object.keys(vars).forEach((name) => root.removeProperty(name));
  }, [isMobile, isTablet, topBarHidden]);

  return (
    <div className={styles.shell}>
      <span id="top" tabIndex={-1} className={styles.topAnchor} />
      <a href="#content" className={styles.skipLink}>
        Skip to content
      </a>
      <header className={`${styles.header} theme-dark`}>
        <TopBar hidden={topBarHidden} onFocusWithin={revealTopBar} />
        <Navbar scrolled={scrolled} />
      </header>
      <div id="content" tabIndex={-1} className={styles.content}>
        {children}
      </div>
      {footer && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      {widgets && <SiteWidgets chat={siteChat} />}
    </div>
  );
}
