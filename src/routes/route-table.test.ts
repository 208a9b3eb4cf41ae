import { isValidElement } from 'react';
import { createRoutesFromChildren, type RouteObject } from 'react-router';
import { consoleRouteElements, RoutePage } from '@/routes/console-routes';
import { groupLoaders, loadPage } from '@/routes/route-groups';
import {
  pathTo,
  type RouteMeta,
  type RouteName,
  routeMeta,
  routeTable,
  screenKey,
} from '@/routes/route-table';

const names = routeTable.map((route) => route.name);

describe('route table', () => {
  it('has every route of spec section 2 once', () => {
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(
      [
        'home',
        'login',
        'auth',
        'session-expired',
        'web-login',
        'weblogin-success',
        'team',
        'team-overview',
        'team-users',
        'team-billing',
        'team-contact-us',
        'public-files-upload',
        'public-file',
        'back-to-app',
        'paddle-pay',
        'accept-invitation',
        'debug-es',
        'profile',
        'pb-portal',
        'pb-setup',
        'pb-trial',
        'pb-products',
        'pb-result',
        'not-found',
      ].sort(),
    );
  });

  it('has unique paths', () => {
    const paths = routeTable.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('opens exactly the visitor routes without a login', () => {
    const open = routeTable.filter((route) => !route.needsLogIn).map((route) => route.name);
    expect(open.sort()).toEqual(
      [
        'login',
        'auth',
        'session-expired',
        'web-login',
        'weblogin-success',
        'public-file',
        'back-to-app',
        'paddle-pay',
        'accept-invitation',
        'not-found',
      ].sort(),
    );
  });

  it('reloads on URL change only for auth and public-file', () => {
    const reloading = routeTable.filter((route) => route.reloadOnUrlChange).map((route) => route.name);
    expect(reloading.sort()).toEqual(['auth', 'public-file']);
  });

  it('puts the team pages under the team path', () => {
    for (const route of routeTable.filter((r) => r.layout === 'team')) {
      expect(route.path.startsWith(`${routeMeta('team').path}/`)).toBe(true);
    }
  });

  it('has a page for every route in its lazily loaded group', async () => {
    for (const route of routeTable) {
      await expect(loadPage(route.name as RouteName, route.group)).resolves.toBeTypeOf('function');
    }
    const groupsUsed = new Set(routeTable.map((route) => route.group));
    expect(new Set(Object.keys(groupLoaders))).toEqual(groupsUsed);
  });

  it('renders every route of the table as a lazily loaded page in the router', () => {
    const routed = new Set<string>();
    const walk = (objects: RouteObject[]) => {
      for (const object of objects) {
        const { element } = object;
        if (isValidElement<{ route: RouteMeta }>(element) && element.type === RoutePage) {
          expect(object.path).toBe(element.props.route.path);
          routed.add(element.props.route.name);
        }
        if (object.children) walk(object.children);
      }
    };
    walk(createRoutesFromChildren(consoleRouteElements()));
    expect(routed).toEqual(new Set(names));
  });
});

describe('pathTo', () => {
  const ref = { teamId: 12, userId: 34 };

  it('writes the team user as {teamId}-{userId}', () => {
    expect(pathTo('team', ref)).toBe('/teams/12-34');
    expect(pathTo('team-overview', ref)).toBe('/teams/12-34/overview');
    expect(pathTo('team-users', ref)).toBe('/teams/12-34/users');
    expect(pathTo('team-billing', ref)).toBe('/teams/12-34/billing');
    expect(pathTo('team-contact-us', ref)).toBe('/teams/12-34/contact-us');
    expect(pathTo('weblogin-success', ref)).toBe('/teams/12-34/weblogin-success');
  });

  it('builds paths without params', () => {
    expect(pathTo('home')).toBe('/');
    expect(pathTo('session-expired')).toBe('/auth/session-expired');
    expect(pathTo('pb-products')).toBe('/pb/products');
  });

  it('encodes the file key', () => {
    expect(pathTo('public-file', { fileKey: 'a b/c' })).toBe('/public-files/a%20b%2Fc');
  });

  it('appends a query, leaving out empty values', () => {
    expect(pathTo('auth', undefined, { token: 't 1', goto: '/teams/1-2/billing', skip: undefined })).toBe(
      '/auth?token=t+1&goto=%2Fteams%2F1-2%2Fbilling',
    );
    expect(pathTo('team-billing', ref, { result: 'success', mode: null })).toBe(
      '/teams/12-34/billing?result=success',
    );
    expect(pathTo('login', undefined, {})).toBe('/login');
  });
});

describe('screenKey', () => {
  it('changes with the query only where the route reloads on URL change', () => {
    const auth = routeMeta('auth');
    const login = routeMeta('login');
    expect(screenKey(auth, {}, '?token=a')).not.toBe(screenKey(auth, {}, '?token=b'));
    expect(screenKey(login, {}, '?token=a')).toBe(screenKey(login, {}, '?token=b'));
  });

  it('changes with path params', () => {
    const team = routeMeta('team-users');
    expect(screenKey(team, { teamUser: '1-2' }, '')).not.toBe(screenKey(team, { teamUser: '1-3' }, ''));
  });

  it('is shared by routes with the same key', () => {
    expect(screenKey(routeMeta('auth'), {}, '')).toBe(screenKey(routeMeta('session-expired'), {}, ''));
  });
});
