import type { ComponentType } from 'react';
import {
  data,
  generatePath,
  type LoaderFunctionArgs,
  type RouteObject,
  replace,
  useLocation,
  useParams,
} from 'react-router';
import { parseTeamUserRef } from '@/domain/team-user-ref';
import type { RouteHandle } from '@/routes/current-route';
import type { LoginGuard } from '@/routes/login-guard';
import { PublicLayoutRoute } from '@/routes/public-layout.route';
import { RootError, RootRoute } from '@/routes/root.route';
import { loadPage } from '@/routes/route-groups';
import { type RouteMeta, type RouteName, routeMeta, routeTable, screenKey } from '@/routes/route-table';
import { LoadingScreen } from '@/ui/LoadingScreen';

/** `:teamUser` must be `{tid}-{uid}` with numeric ids; anything else is not a page. */
function requireNumericTeamUser({ params }: LoaderFunctionArgs) {
  if (params.teamUser !== undefined && parseTeamUserRef(params.teamUser) === null) {
    throw data('Not Found', { status: 404 });
  }
  return null;
}

/** Remounts the page when its screen key changes (see RouteMeta.key and reloadOnUrlChange). */
function Screen({ route, page: Page }: { route: RouteMeta; page: ComponentType }) {
  const params = useParams();
  const { search } = useLocation();
  return <Page key={screenKey(route, params, search)} />;
}

export interface RouteObjectsOptions {
  /** Guards routes whose metadata says needsLogIn; without it (some tests) nothing is guarded. */
  requireLogin?: LoginGuard;
}

function routeLoader(route: RouteMeta, { requireLogin }: RouteObjectsOptions) {
  const checksTeamUser = route.path.includes(':teamUser');
  const guarded = route.needsLogIn && requireLogin;
  if (!checksTeamUser && !guarded) return {};
  return {
    loader: async (args: LoaderFunctionArgs) => {
      if (checksTeamUser) requireNumericTeamUser(args);
      if (guarded) await requireLogin(args.request);
      return null;
    },
  };
}

function routeObject(route: RouteMeta, options: RouteObjectsOptions, children?: RouteObject[]): RouteObject {
  const handle: RouteHandle = { route };
  return {
    id: route.name,
    path: route.path,
    handle,
    ...routeLoader(route, options),
    lazy: async () => {
      const page = await loadPage(route.name as RouteName, route.group);
      return { element: <Screen route={route} page={page} /> };
    },
    ...(children ? { children } : {}),
  };
}

function routesIn(layout: RouteMeta['layout']): RouteMeta[] {
  return routeTable.filter((route) => route.layout === layout);
}

/** The bare team path shows the team's overview. */
const teamIndex: RouteObject = {
  index: true,
  element: null,
  loader: ({ params }) => replace(generatePath(routeMeta('team-overview').path, params)),
};

/** The router's input: the route table nested into the root, the public layout and the team area. */
export function routeObjects(options: RouteObjectsOptions = {}): RouteObject[] {
  const team = routeObject(routeMeta('team'), options, [
    teamIndex,
    ...routesIn('team').map((route) => routeObject(route, options)),
  ]);
  return [
    {
      id: 'root',
      Component: RootRoute,
      ErrorBoundary: RootError,
      HydrateFallback: LoadingScreen,
      children: [
        {
          id: 'public-layout',
          Component: PublicLayoutRoute,
          children: routesIn('public').map((route) => routeObject(route, options)),
        },
        team,
      ],
    },
  ];
}
