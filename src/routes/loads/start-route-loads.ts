// The one step that asks for a route's first-load data (route-load.ts): for the address the console
// starts on, and for each address a navigation goes to, it asks for what the route table declares
// there (the team area's frame's loads with its page's), keeping the answers for the pages
// (app/route-data.ts). A login link (/login?token=...) names where it goes once the token is taken:
// that address's loads are asked for as soon as the token login succeeds, beside the memberships.
import { waitFor } from 'xstate';
import type { AppServices } from '@/app/services';
import { currentRouteAt } from '@/routes/current-route';
import type { RouteAddress } from '@/routes/loads/route-load';
import { routeDataKey } from '@/routes/loads/route-load';
import { isSessionSettled } from '@/routes/login-guard';
import { pathAfterLogin } from '@/routes/login-redirect';
import { type RouteMeta, routeMeta } from '@/routes/route-table';

/** How long a login link's destination waits for its token login to begin and settle. */
const TOKEN_LOGIN_WAIT_MS = 30_000;

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

/** Asks for the first-load data the route table declares at `location`, unless it is kept already. */
export function startRouteLoads(services: AppServices, location: AddressLocation): void {
  const shown = routesAt(location);
  if (!shown) return;
  const { routes, address } = shown;
  for (const load of routes.flatMap((route) => route.loads ?? [])) {
    const key = routeDataKey(load, address);
    if (key !== null) services.routeData.ensure(key, () => load.ask(services, address));
  }
  if (routes.some((route) => route.name === 'login') && address.search.has('token')) {
    const destination = new URL(pathAfterLogin(address.search), 'http://console.invalid');
    void afterTokenLogin(services.session).then((loggedIn) => {
      if (loggedIn) startRouteLoads(services, destination);
    });
  }
}

/**
 * Whether the token login the login page starts succeeds. Its destination's data is asked for only
 * after it: before, the requests would go out as whoever was signed in until then (or as nobody).
 */
async function afterTokenLogin(session: AppServices['session']): Promise<boolean> {
  try {
    await waitFor(session, (snapshot) => snapshot.hasTag('loggingIn'), { timeout: TOKEN_LOGIN_WAIT_MS });
    const settled = await waitFor(session, isSessionSettled, { timeout: TOKEN_LOGIN_WAIT_MS });
    return settled.matches('loggedIn') && !settled.context.loginError;
  } catch {
    return false;
  }
}
