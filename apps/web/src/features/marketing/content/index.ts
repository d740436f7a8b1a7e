import type { MARKETING_ROUTES } from '@vuxo/shared/routes';
import { COMPANY_PAGES } from './company';
import { PRODUCT_PAGES } from './products';
import { RESOURCE_PAGES } from './resources';
import { SERVICE_PAGES } from './services';
import type { MarketingContent } from './types';

/** Marketing routes drawn from content; the landing page, /contact and /sitemaps have their own pages. */
export type ContentPath = Exclude<(typeof MARKETING_ROUTES)[number], '/' | '/contact' | '/sitemaps'>;

export const MARKETING_CONTENT: Record<ContentPath, MarketingContent> = {
  ...COMPANY_PAGES,
  ...PRODUCT_PAGES,
  ...SERVICE_PAGES,
  ...RESOURCE_PAGES,
};
