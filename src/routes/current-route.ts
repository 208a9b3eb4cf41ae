import { useMatches } from 'react-router';
import type { RouteMeta } from '@/routes/route-table';

/** What every route object built from the table carries in its `handle`. */
export interface RouteHandle {
  route: RouteMeta;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/** The deepest matched route of the table, or null (for example on the root error screen). */
export function useCurrentRoute(): RouteMeta | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.route;
  }
  return null;
}
