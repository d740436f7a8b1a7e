import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { MARKETING_ROUTES, ROUTES } from '@vuxo/shared/routes';
import { AuthGate } from '../features/auth/auth-gate';
import { RequireAuth } from '../features/auth/require-auth';
import { LandingPage } from '../features/marketing/landing/landing-page';
import type { ContentPath } from '../features/marketing/content';
import { RootLayout } from './layout/root-layout';
import { PageLoading } from '../components/ui/page-loading';

/** Loads a page's module on first visit; the layout's Suspense boundary shows while it arrives. */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

// The error screen and the not-found page load when needed: each would otherwise weigh on every first load.
const RouteError = lazyPage(() => import('./layout/route-error').then((m) => m.RouteError));
const NotFoundPage = lazyPage(() =>
  import('../features/marketing/not-found-page').then((m) => m.NotFoundPage),
);
const ContentPage = lazyPage(() => import('../features/marketing/content-page').then((m) => m.ContentPage));
const ArticlePage = lazyPage(() => import('../features/marketing/content-page').then((m) => m.ArticlePage));
const ContactPage = lazyPage(() => import('../features/marketing/contact-page').then((m) => m.ContactPage));
const SitemapPage = lazyPage(() => import('../features/marketing/sitemap-page').then((m) => m.SitemapPage));
const DemosPage = lazyPage(() => import('../features/marketing/demos-page').then((m) => m.DemosPage));
const LoginPage = lazyPage(() => import('../features/auth/login-page').then((m) => m.LoginPage));
const PlansPage = lazyPage(() => import('../features/plans/plans-page').then((m) => m.PlansPage));
const PaymentPage = lazyPage(() => import('../features/payment/payment-page').then((m) => m.PaymentPage));
const PaymentSuccessPage = lazyPage(() =>
  import('../features/payment/payment-success-page').then((m) => m.PaymentSuccessPage),
);
const WizardPage = lazyPage(() => import('../features/wizard/wizard-page').then((m) => m.WizardPage));
const PersonalizePage = lazyPage(() =>
  import('../features/workflow/personalize-page').then((m) => m.PersonalizePage),
);
const WorkflowCompletePage = lazyPage(() =>
  import('../features/workflow/workflow-complete-page').then((m) => m.WorkflowCompletePage),
);
const WorkflowChatPage = lazyPage(() =>
  import('../features/widget/owner-console/workflow-chat-page').then((m) => m.WorkflowChatPage),
);
const DashboardPage = lazyPage(() =>
  import('../features/dashboard/dashboard-page').then((m) => m.DashboardPage),
);
const EmbedRoute = lazyPage(() => import('../features/widget/embed-route').then((m) => m.EmbedRoute));
const PublicChatRoute = lazyPage(() =>
  import('../features/widget/embed-route').then((m) => m.PublicChatRoute),
);
const LivePage = lazyPage(() => import('../features/dashboard/live/live-page').then((m) => m.LivePage));
const InsightsPage = lazyPage(() => import('../features/insights/insights-page').then((m) => m.InsightsPage));
const ApiReferencePage = lazyPage(() =>
  import('../features/api-reference/api-reference-page').then((m) => m.ApiReferencePage),
);
const AdminPage = lazyPage(() => import('../features/admin/admin-page').then((m) => m.AdminPage));

const OWN_PAGES = new Set<string>([ROUTES.home, '/contact', '/sitemaps', '/demos']);
const isContentPath = (path: string): path is ContentPath => !OWN_PAGES.has(path);

/** Marketing routes. */
const marketingRoutes: RouteObject[] = [
  { index: true, element: <LandingPage /> },
  { path: '/contact', element: <ContactPage /> },
  { path: '/sitemaps', element: <SitemapPage /> },
  { path: '/demos', element: <DemosPage /> },
  { path: ROUTES.apiReference, element: <ApiReferencePage /> },
  ...MARKETING_ROUTES.filter(isContentPath).map((path) => ({ path, element: <ContentPage path={path} /> })),
  { path: '/blogs/:slug', element: <ArticlePage /> },
  { path: ROUTES.portfolioItems, element: <Navigate to={ROUTES.portfolioAiIntegration} replace /> },
  { path: ROUTES.dashboardHome, element: <Navigate to={ROUTES.dashboard} replace /> },
];

const PERSONALIZE_STEPS = [1, 2, 3, 4, 5] as const;

/** Product routes; the guard protects /workflow/chat and /dashboard/bots. */
const productRoutes: RouteObject[] = [
  { path: ROUTES.login, element: <LoginPage /> },
  { path: ROUTES.payment, element: <PaymentPage /> },
  { path: ROUTES.paymentSuccess, element: <PaymentSuccessPage /> },
  ...PERSONALIZE_STEPS.map((step) => ({
    path: ROUTES.personalize(step),
    element: <PersonalizePage step={step} />,
  })),
  { path: ROUTES.workflowComplete, element: <WorkflowCompletePage /> },
  {
    path: ROUTES.workflowChat,
    element: (
      <RequireAuth>
        <WorkflowChatPage />
      </RequireAuth>
    ),
  },
  {
    path: ROUTES.dashboard,
    element: (
      <RequireAuth>
        <DashboardPage />
      </RequireAuth>
    ),
  },
  {
    path: `${ROUTES.dashboard}/:botId`,
    element: (
      <RequireAuth>
        <InsightsPage />
      </RequireAuth>
    ),
  },
  {
    path: `${ROUTES.dashboard}/:botId/live`,
    element: (
      <RequireAuth>
        <LivePage />
      </RequireAuth>
    ),
  },
  { path: ROUTES.admin, element: <AdminPage /> },
];

/** Open to visitors: they show at once and follow the auth state as it arrives. */
const openProductRoutes: RouteObject[] = [
  { path: ROUTES.plans, element: <PlansPage /> },
  { path: ROUTES.wizard, element: <WizardPage /> },
];

/** The chat's own pages: for anonymous visitors, with no sign-in. */
const chatRoutes: RouteObject[] = [
  { path: '/embed/:identifier', element: <EmbedRoute /> },
  { path: '/public-chat/:botId', element: <PublicChatRoute /> },
];

/** The layouts have ids: the router starts with one page's routes and adds the rest under them (decision 110). */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: (
      <Suspense fallback={<PageLoading />}>
        <RouteError />
      </Suspense>
    ),
    children: [
      ...marketingRoutes,
      // The product's pages wait for the identity provider; the site's pages and the chat do not.
      { id: 'product', element: <AuthGate />, children: productRoutes },
      ...openProductRoutes,
      ...chatRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
