import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'react-router';
import { BRAND } from '@vuxo/shared/brand';

/** The title of pages that set none (the root layout restores it on every route change). */
export const DEFAULT_TITLE = `${BRAND} — AI made simple for every business`;
export const DEFAULT_DESCRIPTION = 'Vuxo makes AI simple, affordable and within reach of every business.';

/** What a prerendered page puts in its <head>. */
export interface PageHead {
  title: string;
  description: string;
}

/** Collects the page's head while it is prerendered on the server; absent in the browser. */
export class PageHeadCollector implements PageHead {
  title = DEFAULT_TITLE;
  description = DEFAULT_DESCRIPTION;
  record(title: string, description?: string): void {
    this.title = title;
    if (description) this.description = description;
  }
}
export const PageHeadContext = createContext<PageHeadCollector | null>(null);

export const pageTitle = (title: string) => `${title} · ${BRAND}`;

/** Sets the document title to '<title> · Vuxo' while the page is shown (and its description when prerendered). */
export function usePageTitle(title: string, description?: string): void {
  const { pathname } = useLocation();
  useContext(PageHeadContext)?.record(pageTitle(title), description);
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title, pathname]);
}
