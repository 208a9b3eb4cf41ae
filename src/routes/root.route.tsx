import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import {
  isRouteErrorResponse,
  Outlet,
  useLocation,
  useMatches,
  useNavigate,
  useRouteError,
} from 'react-router';
import { documentTitle } from '@/app/config';
import { useServices } from '@/app/services-context';
import { parseTeamUserRef } from '@/domain/team-user-ref';
import { selectShownFlash } from '@/machines/flash.selectors';
import { useCurrentRoute } from '@/routes/current-route';
import { loginRedirectPath } from '@/routes/login-redirect';
import { PublicFrame } from '@/routes/public-layout.route';
import { pathTo } from '@/routes/route-table';
import { AppError } from '@/ui/AppError';
import { FlashBar } from '@/ui/FlashBar';
import { NotFound } from '@/ui/NotFound';

function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/** One page-view event per navigation, with the route name and the team user of the path. */
function usePageViews() {
  const { trackPageView } = useServices();
  const route = useCurrentRoute();
  const matches = useMatches();
  const location = useLocation();
  const teamUser = matches.at(-1)?.params.teamUser;
  const routeName = route?.name;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one event per navigation (location.key), not per render
  useEffect(() => {
    if (!routeName) return;
    const ref = teamUser ? parseTeamUserRef(teamUser) : null;
    trackPageView({ route: routeName, tid: ref?.teamId ?? null, uid: ref?.userId ?? null });
  }, [location.key]);
}

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

/** The flash bar at the bottom of every screen. */
function AppFlashBar() {
  const { flash } = useServices();
  const shown = useSelector(flash, selectShownFlash);
  return <FlashBar flash={shown} onClose={(id) => flash.send({ type: 'flash.close', id })} />;
}

/** The root of every page: document title, page views and the flash bar. */
export function RootRoute() {
  const route = useCurrentRoute();
  useDocumentTitle(route?.title);
  usePageViews();
  useFollowLogout();
  return (
    <>
      <Outlet />
      <AppFlashBar />
    </>
  );
}

/** Errors no page handled: a 404 thrown by a loader (bad path params) or a failure to load a page. */
export function RootError() {
  const error = useRouteError();
  const navigate = useNavigate();
  useDocumentTitle(null);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <PublicFrame from="not-found">
        <NotFound homeHref={pathTo('home')} onNavigate={(href) => navigate(href)} />
      </PublicFrame>
    );
  }
  const message = error instanceof Error ? error.message : 'Unknown error';
  return (
    <PublicFrame from="console">
      <AppError message={message} onReload={() => window.location.reload()} />
    </PublicFrame>
  );
}
