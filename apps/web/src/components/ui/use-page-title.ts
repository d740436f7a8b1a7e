import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { BRAND } from '@vuxo/shared';

/** The title of pages that set none (the root layout restores it on every route change). */
export const DEFAULT_TITLE = `${BRAND} — AI made simple for every business`;

/** Sets the document title to '<title> · Vuxo' while the page is shown. */
export function usePageTitle(title: string): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = `${title} · ${BRAND}`;
  }, [title, pathname]);
}
