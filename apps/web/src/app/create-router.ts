import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_defaultMapRouteProperties as mapRouteProperties,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import type { AppRouter } from './app';
import { nextTask } from './own-task';
import { routesServing } from './routes-serving';

/**
 * What react-router's `createBrowserRouter(routes)` does, in three tasks instead of one, and with only the
 * routes of the page opened (decision 110): ranking every route, rewriting the history entry and reading session
 * storage were one task of 70–250 ms on a phone, after the first paint. The rest of the table is added on the
 * first navigation to a page outside it. A page whose route has a parameter (or the not-found page) starts with
 * the whole table: react-router would otherwise look for its routes before the first render.
 * The prerendered HTML carries no router data (`hydrate={false}` in prerender.tsx), so none is read.
 */
export async function createRouterInTasks(routes: RouteObject[]): Promise<AppRouter> {
  const history = createBrowserHistory();
  await nextTask();
  const first = routesServing(routes, history.location.pathname);
  const router = createRouter({
    history,
    routes: first ?? routes,
    mapRouteProperties,
    hydrationRouteProperties,
    ...(first && { patchRoutesOnNavigation: addingTheRest(routes) }),
  });
  await nextTask();
  return router.initialize();
}

/**
 * Adds every route of `routes` to the router, each group with an id in a task of its own (each `patch` ranks
 * the whole table again). Routes already there (the same id, or the same path) are left as they are.
 */
function addingTheRest(routes: RouteObject[]): PatchRoutesOnNavigationFunction {
  let added = false;
  return async ({ patch, signal }) => {
    if (added) return;
    const groups: [string | null, RouteObject[]][] = [[null, routes]];
    for (let i = 0; i < groups.length; i++) {
      const [id, children] = groups[i]!;
      if (i > 0) await nextTask();
      patch(id, children);
      for (const child of children) if (child.id && child.children) groups.push([child.id, child.children]);
    }
    // A navigation cancelled meanwhile patched nothing after it: the next one adds what is missing.
    added = !signal.aborted;
  };
}
