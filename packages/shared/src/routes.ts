/** The route table and the layout rules of section 2.2. */
export const MARKETING_ROUTES = [
  '/',
  '/about',
  '/services',
  '/contact',
  '/blogs',
  '/workshops',
  '/ai-consultancy',
  '/partners',
  '/careers',
  '/faqs',
  '/community-service',
  '/become-a-partner',
  '/volunteer-hours',
  '/content',
  '/demos',
  '/terms',
  '/sitemaps',
  '/vuxo-chat',
  '/vuxo-voice',
  '/vuxo-ai',
  '/app-development',
  '/website-development',
  '/ai4health-heart-health',
  '/portfolio/items/ai-integration',
] as const;

export const ROUTES = {
  home: '/',
  login: '/login',
  contact: '/contact',
  plans: '/plans',
  payment: '/payment',
  paymentSuccess: '/payment/success',
  wizard: '/wizard',
  personalize: (step: 1 | 2 | 3 | 4 | 5) => `/workflow/personalize/step${step}`,
  workflowComplete: '/workflow/complete',
  workflowChat: '/workflow/chat',
  dashboard: '/dashboard/bots',
  /** The workspace's own address: it opens the owner's bots (ROUTES.dashboard). */
  dashboardHome: '/dashboard',
  /** A bot's insights: its conversations, missed questions and corrections (protected). */
  botInsights: (botId: string) => `/dashboard/bots/${encodeURIComponent(botId)}`,
  /** A bot's Live view (issue 47): its visitors now, and the owner answering them (protected). */
  botLive: (botId: string) => `/dashboard/bots/${encodeURIComponent(botId)}/live`,
  embed: (shareId: string) => `/embed/${encodeURIComponent(shareId)}`,
  publicChat: (botId: string) => `/public-chat/${encodeURIComponent(botId)}`,
  admin: '/ai-admin',
  /** The public API's reference: its routes, from the OpenAPI document, and examples to copy (decision 114). */
  apiReference: '/docs/api',
  /** The reference with its examples filled in for one bot. */
  apiReferenceFor: (botId: string) => `/docs/api?bot=${encodeURIComponent(botId)}`,
  portfolioItems: '/portfolio/items',
  portfolioAiIntegration: '/portfolio/items/ai-integration',
} as const;

/** The blog's articles, by the last part of their address; their text lives with the site's content. */
export const BLOG_ARTICLES = [
  'first-questions-for-a-website-chatbot',
  'what-a-missed-call-costs',
  'preparing-a-document-for-a-chatbot',
] as const;
export type BlogArticle = (typeof BLOG_ARTICLES)[number];
export const blogArticlePath = (slug: BlogArticle) => `/blogs/${slug}`;
export const BLOG_ARTICLE_PATHS: readonly string[] = BLOG_ARTICLES.map(blogArticlePath);

/** The owner's bots as menus name them (the profile menu, the workspace's navbar, the site map). */
export const DASHBOARD_MENU_LABEL = 'My Chatbots';

/** The origin label the dashboard passes to /plans. */
export const DASHBOARD_ORIGIN_LABEL = '/workflow/bots';

/** Routes where everything (top bar, navbar, footer, widgets) is hidden. */
export function hidesAllChrome(path: string): boolean {
  return path.startsWith('/embed/') || path.startsWith('/public-chat/');
}

const FOOTERLESS = ['/wizard', '/dashboard/bots', '/login', '/contact', '/terms', '/workflow/chat'];
/** A bot's insights page, under the dashboard. */
const BOT_INSIGHTS = /^\/dashboard\/bots\/[^/]+(\/live)?$/;

export function hidesFooter(path: string): boolean {
  return hidesAllChrome(path) || FOOTERLESS.includes(normalizePath(path)) || BOT_INSIGHTS.test(path);
}

/** The owner's workspace: their bots, a bot's page and its console; the navbar shows the workspace's own links. */
export function isWorkspacePath(path: string): boolean {
  const normalized = normalizePath(path);
  return normalized === '/dashboard/bots' || BOT_INSIGHTS.test(normalized) || normalized === '/workflow/chat';
}

/**
 * Set on <html> once a workspace page is laid out without the top bar: the header is the navbar alone. Browser tests
 * wait for it, since the account menu moves from the top bar to the navbar on arriving in the workspace.
 */
export const NO_TOP_BAR_ATTRIBUTE = 'data-no-top-bar';

const WIDGETLESS = ['/wizard', '/dashboard/bots'];
export function hidesSiteWidgets(path: string): boolean {
  return hidesAllChrome(path) || WIDGETLESS.includes(normalizePath(path)) || BOT_INSIGHTS.test(path);
}

/** Where a page has a chat of its own (the owner's console), the site's chat launcher would sit beside it. */
export function hidesSiteChat(path: string): boolean {
  return hidesSiteWidgets(path) || normalizePath(path) === '/workflow/chat';
}

function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * Pages only staff see. A browser's page request carries no credentials, so the server cannot tell staff from
 * anyone else: it answers these as it answers an unknown page (404, the same app page), and the app shows the
 * console once staff have signed in.
 */
const STAFF_PAGES: ReadonlySet<string> = new Set<string>([ROUTES.admin]);

const APP_PATHS: ReadonlySet<string> = new Set<string>(
  [
    ...MARKETING_ROUTES,
    ...BLOG_ARTICLE_PATHS,
    ...Object.values(ROUTES).filter((route) => typeof route === 'string'),
    ...([1, 2, 3, 4, 5] as const).map((step) => ROUTES.personalize(step)),
  ].filter((route) => !STAFF_PAGES.has(route)),
);
/** The chat's own pages, whose light entry shows its own message for an unknown or missing bot. */
const CHAT_PAGE = /^\/(?:embed|public-chat)\//;

/**
 * True for a page the web app shows to anyone; any other path (staff pages too) is answered 404 with the app's
 * page, which shows its not-found page.
 */
export function isAppPath(path: string): boolean {
  const normalized = normalizePath(path);
  return APP_PATHS.has(normalized) || CHAT_PAGE.test(normalized) || BOT_INSIGHTS.test(normalized);
}

/** The pages search engines are invited to index (`/sitemap.xml`); the rest are the product's own screens. */
export const INDEXED_ROUTES: readonly string[] = [
  ...MARKETING_ROUTES,
  ...BLOG_ARTICLE_PATHS,
  ROUTES.plans,
  ROUTES.wizard,
];
