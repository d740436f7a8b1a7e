import { afterEach, describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import { BLOG_ARTICLE_PATHS, MARKETING_ROUTES, ROUTES } from '@vuxo/shared/routes';
import { routes } from '../../src/app/router';
import { routesServing } from '../../src/app/routes-serving';
import { createRouterInTasks } from '../../src/app/create-router';
import type { AppRouter } from '../../src/app/app';

const STATIC_PAGES = [
  ...MARKETING_ROUTES,
  ROUTES.plans,
  ROUTES.wizard,
  ROUTES.login,
  ROUTES.payment,
  ROUTES.paymentSuccess,
  ROUTES.personalize(3),
  ROUTES.workflowComplete,
  ROUTES.workflowChat,
  ROUTES.dashboard,
  ROUTES.dashboardHome,
  ROUTES.admin,
  ROUTES.portfolioItems,
];

/** What a route renders, beside its path: the branch's layouts are copies, its page route the table's own. */
const rendered = (matches: { route: RouteObject }[] | null) =>
  matches?.map(({ route }) => [route.path, route.index, route.element]);

describe('the routes the router starts with', () => {
  it.each(STATIC_PAGES)('%s: the same layouts and page as the whole table', (path) => {
    const branch = routesServing(routes, path);
    expect(branch).toBeDefined();
    expect(rendered(matchRoutes(branch!, path))).toEqual(rendered(matchRoutes(routes, path)));
  });

  it('matches as react-router does: in any case, trailing slashes ignored', () => {
    expect(rendered(matchRoutes(routesServing(routes, '/Plans/')!, '/plans'))).toEqual(
      rendered(matchRoutes(routes, '/plans')),
    );
  });

  it.each([
    BLOG_ARTICLE_PATHS[0]!,
    ROUTES.botInsights('b1'),
    ROUTES.embed('s1'),
    '/no-such-page',
    '/plans/x',
  ])('%s, served by a parameter, a splat or nothing: the whole table', (path) =>
    expect(routesServing(routes, path)).toBeUndefined(),
  );
});

describe('a router started on one page', () => {
  let router: AppRouter | undefined;
  afterEach(() => {
    router?.dispose();
    window.history.replaceState(null, '', '/');
  });

  const page = () => router!.state.matches.at(-1)?.route;

  it('has only that page, then every other page on the first navigation', async () => {
    window.history.replaceState(null, '', ROUTES.plans);
    router = await createRouterInTasks(routes);
    expect(page()?.path).toBe(ROUTES.plans);
    expect(router.routes[0]!.children).toHaveLength(1);

    await router.navigate('/contact');
    expect(page()?.path).toBe('/contact');
    expect(router.routes[0]!.children!.length).toBe(routes[0]!.children!.length);

    await router.navigate(ROUTES.payment);
    expect(router.state.matches.map((match) => match.route.id)).toContain('product');
    expect(page()?.path).toBe(ROUTES.payment);
    await router.navigate(BLOG_ARTICLE_PATHS[0]!);
    expect(page()?.path).toBe('/blogs/:slug');
    await router.navigate('/no-such-page');
    expect(page()?.path).toBe('*');
    await router.navigate(ROUTES.plans);
    expect(page()?.path).toBe(ROUTES.plans);
  });

  it('starts in a layout group with the group, and fills the group on the first navigation', async () => {
    window.history.replaceState(null, '', ROUTES.login);
    router = await createRouterInTasks(routes);
    expect(router.state.matches.map((match) => match.route.id)).toEqual([
      'root',
      'product',
      expect.any(String),
    ]);
    await router.navigate(ROUTES.workflowComplete);
    const ids = router.state.matches.map((match) => match.route.id);
    expect(ids.slice(0, 2)).toEqual(['root', 'product']);
    expect(page()?.path).toBe(ROUTES.workflowComplete);
  });

  it('starts with the whole table on a page with a parameter', async () => {
    window.history.replaceState(null, '', BLOG_ARTICLE_PATHS[0]!);
    router = await createRouterInTasks(routes);
    expect(page()?.path).toBe('/blogs/:slug');
    expect(router.state.initialized).toBe(true);
    expect(router.routes[0]!.children!.length).toBe(routes[0]!.children!.length);
  });
});
