import { useSelector } from '@xstate/react';
import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useServices } from '@/app/services-context';
import { selectShownFlash } from '@/machines/flash.selectors';
import { useCurrentRoute } from '@/routes/current-route';
import { routesAt, startRouteLoads } from '@/routes/loads/start-route-loads';
import { loginRedirectPath } from '@/routes/login-redirect';
import { groupsReady } from '@/routes/route-groups';
import { type RouteGroup, type RouteMeta, screenKey } from '@/routes/route-table';
import { FlashBar } from '@/ui/FlashBar';
import { LoadingScreen } from '@/ui/LoadingScreen';

/**
 * When the session ends under a page that needs it (another tab logged out, or this one), the page
 * follows to sign-in: the same way out as any lost session, with the page as goto. The tab that
 * chose 'Log out' goes on to the sign-in page itself (useLogout).
 */
function useFollowLogout() {
  const { session } = useServices();
  const navigate = useNavigate();
  const route = useCurrentRoute();
  const location = useLocation();
  const here = useRef({ needsLogIn: false, path: '/' });
  here.current = {
    needsLogIn: route?.needsLogIn ?? false,
    path: `${location.pathname}${location.search}${location.hash}`,
  };
  useEffect(() => {
    let wasLoggedIn = session.getSnapshot().matches('loggedIn');
    const subscription = session.subscribe((snapshot) => {
      const loggedIn = snapshot.matches('loggedIn');
      const loggedOut = snapshot.matches('loggedOut');
      if (wasLoggedIn && loggedOut && here.current.needsLogIn) {
        navigate(loginRedirectPath(new URL(here.current.path, window.location.origin)), { replace: true });
      }
      wasLoggedIn = loggedIn;
    });
    return () => subscription.unsubscribe();
  }, [session, navigate]);
}

/**
 * Asks for the first-load data of each screen a navigation starts, as it begins: during the render
 * that starts it, since that render waits (in a transition) for the page's chunks, and the data
 * should come beside them rather than after. Only screens that start ask: a query change a page
 * keeps its screen through (a filter, a search) asks nothing, nor does the team frame kept between
 * team pages. Asking is idempotent (a fresh answer kept is not asked again), so a render React
 * repeats or throws away costs nothing.
 */
function useRouteLoadsAsNavigationBegins() {
  const services = useServices();
  const location = useLocation();
  const shownScreens = useRef<ReadonlySet<string>>(new Set());
  const shown = routesAt(location);
  const screenOf = (route: RouteMeta) =>
    shown ? screenKey(route, shown.address.params, location.search) : '';
  const screens = new Set(shown?.routes.map(screenOf));
  if ([...screens].some((screen) => !shownScreens.current.has(screen))) {
    const before = shownScreens.current;
    shownScreens.current = screens;
    startRouteLoads(services, location, (route) => !before.has(screenOf(route)));
  }
}

/** The groups whose chunks the route needs: a team page's and the team frame's. */
function groupsOf(route: RouteMeta): RouteGroup[] {
  return route.layout === 'team' ? ['team', route.group] : [route.group];
}

/**
 * Renders the pages of the address once all their chunks are in (the loading screen meanwhile,
 * or the page shown so far while navigating), as the data router's lazy routes did: the team frame
 * and its page render in one pass, so their requests start together (fewer round trips).
 */
function PagesReady({ route, children }: { route: RouteMeta | null; children: ReactNode }) {
  const ready = route ? groupsReady(groupsOf(route)) : true;
  // Suspense's own protocol, as React.lazy does (React's `use` would wait on an awaited act in tests).
  if (ready !== true) throw ready;
  return children;
}

/** The flash bar at the bottom of every screen. */
function AppFlashBar() {
  const { flash } = useServices();
  const shown = useSelector(flash, selectShownFlash);
  return <FlashBar flash={shown} onClose={(id) => flash.send({ type: 'flash.close', id })} />;
}

/** The root of every page: following a logout, the first visit's loading screen, the flash bar. */
export function RootRoute() {
  const route = useCurrentRoute();
  useFollowLogout();
  useRouteLoadsAsNavigationBegins();
  return (
    <>
      {/* A first visit waits here for its page's chunk; later navigations keep the page shown
          until the next one is ready (react-router navigates in a transition). */}
      <Suspense fallback={<LoadingScreen />}>
        <PagesReady route={route}>
          <Outlet />
        </PagesReady>
      </Suspense>
      <AppFlashBar />
    </>
  );
}
