// The one step that asks for a route's first-load data (route-load.ts): for the address the console
// starts on, and for each address a navigation goes to, it asks for what the route table declares
// there (the team area's frame's loads with its page's), keeping the answers for the pages
// (app/route-data.ts). A login link (/login?token=...) asks for its destination's data as the login
// page navigates there, right after the token login, beside the memberships the login reloads.
import type { AppServices } from '@/app/services';
import { currentRouteAt } from '@/routes/current-route';
import type { RouteAddress } from '@/routes/loads/route-load';
import { routeDataKey } from '@/routes/loads/route-load';
import { type RouteMeta, routeMeta } from '@/routes/route-table';

export interface AddressLocation {
  pathname: string;
  search: string;
}

/** The routes shown at `pathname` whose loads apply (a team page's frame first), with its address. */
export function routesAt(location: AddressLocation): { routes: RouteMeta[]; address: RouteAddress } | null {
  const current = currentRouteAt(location.pathname);
  if (!current) return null;
  const { route, params } = current;
  return {
    routes: route.layout === 'team' ? [routeMeta('team'), route] : [route],
    address: { params, search: new URLSearchParams(location.search) },
  };
}

/**
 * Asks for the first-load data the route table declares at `location`, unless it is kept already;
 * `startsAnew` picks the routes whose screens start (a navigation between team pages keeps the
 * team frame, which asks nothing again).
 */
export function startRouteLoads(
  services: AppServices,
  location: AddressLocation,
  startsAnew: (route: RouteMeta) => boolean = () => true,
): void {
  const shown = routesAt(location);
  if (!shown) return;
  const { routes, address } = shown;
  for (const load of routes.filter(startsAnew).flatMap((route) => route.loads ?? [])) {
    const key = routeDataKey(load, address);
    if (key !== null) services.routeData.ensure(key, () => load.ask(services, address));
  }
}
