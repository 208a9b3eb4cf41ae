import { useMemo } from 'react';
import { matchRoutes, type Params, useLocation } from 'react-router';
import { parseTeamUserRef } from '@/domain/team-user-ref';
import { type RouteMeta, routeMeta, routeTable } from '@/routes/route-table';

export interface CurrentRoute {
  route: RouteMeta;
  params: Params;
}

// Every path of the table is absolute, so a flat list ranks them as the nested routes do.
const matchable = routeTable.map((route) => ({ path: route.path, meta: route as RouteMeta }));

/**
 * The route of the table a path shows, with its params, or null. A `:teamUser` that is not
 * `{tid}-{uid}` with numeric ids shows the not-found page, so it is the not-found route.
 */
export function currentRouteAt(pathname: string): CurrentRoute | null {
  const match = matchRoutes(matchable, pathname)?.at(-1);
  if (!match) return null;
  const { teamUser } = match.params;
  const route =
    teamUser !== undefined && parseTeamUserRef(teamUser) === null ? routeMeta('not-found') : match.route.meta;
  return { route, params: match.params };
}

/** The route of the table the address shows, or null. */
export function useCurrentRoute(): RouteMeta | null {
  const { pathname } = useLocation();
  return useMemo(() => currentRouteAt(pathname)?.route ?? null, [pathname]);
}
