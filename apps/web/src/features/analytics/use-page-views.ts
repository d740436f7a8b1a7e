import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PAGE_PATH_MAX, PAGE_VIEWS_PATH } from '@vuxo/shared/page-basics';
import type { PageView } from '@vuxo/shared/schemas';
import { appConfig } from '../../app/config';
import { inOwnTask } from '../../app/own-task';
import { trackGoogleAnalytics } from './google-analytics';

/** Records a page view on every route change: the first-party log, plus GA4 when it is configured. */
export function usePageViews(): void {
  const { pathname } = useLocation();
  // In a task of its own: building and queueing the beacon is start-up work the first page need not wait for.
  useEffect(
    () =>
      inOwnTask(() => {
        const view: PageView = {
          path: pathname.slice(0, PAGE_PATH_MAX),
          referrer: document.referrer ? document.referrer.slice(0, PAGE_PATH_MAX * 2) : null,
        };
        const body = new Blob([JSON.stringify(view)], { type: 'application/json' });
        if (!navigator.sendBeacon?.(PAGE_VIEWS_PATH, body)) {
          void fetch(PAGE_VIEWS_PATH, { method: 'POST', body, keepalive: true }).catch(() => undefined);
        }
        const gaId = appConfig().gaMeasurementId;
        if (gaId) trackGoogleAnalytics(gaId, pathname);
      }),
    [pathname],
  );
}
