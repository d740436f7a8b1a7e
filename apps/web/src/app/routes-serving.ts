import type { RouteObject } from 'react-router';

const normalized = (path: string) => path.toLowerCase().replace(/\/+$/, '') || '/';

/**
 * The branch of `routes` that serves `pathname` by a path of its own, with no parameter or splat, as react-router
 * would match it (case-insensitively, trailing slashes ignored); each layout on the way keeps only that child.
 * None when the page is served by a route with a parameter, the not-found route or nothing: then the router
 * needs the whole table from the start. Paths are absolute in this app's table; a relative one is never picked.
 */
export function routesServing(routes: RouteObject[], pathname: string): RouteObject[] | undefined {
  const wanted = normalized(pathname);
  for (const route of routes) {
    if (route.index) {
      if (wanted === '/') return [route];
    } else if (route.path === undefined) {
      const branch = route.children && routesServing(route.children, pathname);
      if (branch) return [{ ...route, children: branch }];
    } else if (route.path.startsWith('/') && !/[:*]/.test(route.path) && normalized(route.path) === wanted) {
      return [route];
    }
  }
  return undefined;
}
