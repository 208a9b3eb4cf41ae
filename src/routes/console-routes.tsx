// The route table as react-router's declarative routes: the root (logout follow-up, the first
// visit's loading screen, the flash bar), the public layout around `layout: 'public'` routes, the team area around
// `layout: 'team'` routes. Pages load lazily, one chunk per route group (route-groups.ts).
import { lazy } from 'react';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import { useServices } from '@/app/services-context';
import { parseTeamUserRef } from '@/domain/team-user-ref';
import { RequireLogin } from '@/routes/login-guard';
import { PageEffects } from '@/routes/page-effects';
import { PublicFrame, PublicLayoutRoute } from '@/routes/public-layout.route';
import { RootRoute } from '@/routes/root.route';
import { RootErrorBoundary } from '@/routes/root-error';
import { lazyPage, loadGroup } from '@/routes/route-groups';
import { pathTo, type RouteMeta, routeMeta, routeTable, screenKey } from '@/routes/route-table';

/** Remounts the page when its screen key changes (see RouteMeta.key and reloadOnUrlChange). */
function Screen({ route }: { route: RouteMeta }) {
  const params = useParams();
  const { search } = useLocation();
  const Page = lazyPage(route);
  return (
    <>
      {/* The team frame (layout 'top') is no page of its own: its child page titles and counts. */}
      {route.layout !== 'top' && <PageEffects route={route} />}
      <Page key={screenKey(route, params, search)} />
    </>
  );
}

/** The not-found page where a path's `:teamUser` is not `{tid}-{uid}` with numeric ids. */
function BadTeamUser({ route }: { route: RouteMeta }) {
  const notFound = <Screen route={routeMeta('not-found')} />;
  // The team area is a layout of its own; its 404 is framed as the catch-all's is.
  return route.layout === 'top' ? <PublicFrame from="not-found">{notFound}</PublicFrame> : notFound;
}

/** A route of the table: its path params checked, then the login guard, then its page. */
export function RoutePage({ route }: { route: RouteMeta }) {
  const { teamUser } = useParams();
  if (teamUser !== undefined && parseTeamUserRef(teamUser) === null) return <BadTeamUser route={route} />;
  // The team area guards itself, showing its frame meanwhile (team/team-layout.route.tsx).
  if (!route.needsLogIn || route.layout === 'top') return <Screen route={route} />;
  return (
    <RequireLogin>
      <Screen route={route} />
    </RequireLogin>
  );
}

/** The bare team path shows the team's overview (its team user is numeric: RoutePage checked). */
function TeamIndex() {
  const ref = parseTeamUserRef(useParams().teamUser ?? '');
  return ref ? <Navigate replace to={pathTo('team-overview', ref)} /> : null;
}

function routesIn(layout: RouteMeta['layout']) {
  return routeTable
    .filter((route) => route.layout === layout)
    .map((route) => <Route key={route.name} path={route.path} element={<RoutePage route={route} />} />);
}

/** The route elements, nested as the layouts are (exported for the route-table test). */
export function consoleRouteElements() {
  const team = routeMeta('team');
  return (
    <Route element={<RootRoute />}>
      <Route element={<PublicLayoutRoute />}>{routesIn('public')}</Route>
      <Route path={team.path} element={<RoutePage route={team} />}>
        <Route index element={<TeamIndex />} />
        {routesIn('team')}
      </Route>
    </Route>
  );
}

// A page opened from a login link shows the team page it lands on until its session is stored
// (login-link-routes.tsx); that code comes with the team frame's chunk, which the page needs anyway.
const LoginLinkRoutes = lazy(async () => {
  const { LoginLinkRoutes: routes } = await loadGroup('team');
  if (!routes) throw new Error("The team group's chunk has no LoginLinkRoutes");
  return { default: routes };
});

/**
 * The console's pages for the current address (a login link's: the team page it lands on), under
 * the root error screen.
 */
export function ConsoleRoutes() {
  const { loginLink } = useServices();
  const routes = consoleRouteElements();
  return (
    <RootErrorBoundary>
      {loginLink ? <LoginLinkRoutes>{routes}</LoginLinkRoutes> : <Routes>{routes}</Routes>}
    </RootErrorBoundary>
  );
}
