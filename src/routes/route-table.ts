// The routes of spec section 2 as data. The app builds the router from this table; guards, titles,
// page-view events and path building read the same metadata.

import type { ComponentType } from 'react';
import type { TeamUserRef } from '@/domain/team-user-ref';
import { formatTeamUserRef } from '@/domain/team-user-ref';
import type { RouteLoad } from '@/routes/loads/route-load';
import { publicFileLoad } from '@/routes/public/public-file.load';
import { profileLoad } from '@/routes/signed-in-email.load';
import { billingPageLoad } from '@/routes/team/billing/billing.load';
import { firstMembersPageLoad } from '@/routes/team/members/members.load';
import { overviewLoad } from '@/routes/team/overview/overview.load';

/** One lazily loaded chunk per group. */
export type RouteGroup =
  | 'home'
  | 'auth'
  | 'signup'
  | 'signup-success'
  | 'team'
  | 'team-overview'
  | 'team-members'
  | 'team-billing'
  | 'team-contact-us'
  | 'personal'
  | 'internal'
  | 'not-found'
  | 'public-invitation'
  | 'public-back-to-app'
  | 'public-file'
  | 'paddle-pay';

/**
 * Where a route sits: inside the public layout (header, footer), inside the team area, or on its
 * own at the top level (the team area itself, which is its own layout).
 */
export type RouteLayout = 'public' | 'team' | 'top';

export interface RouteMeta {
  name: string;
  /** Absolute pattern; children of the team area repeat their parent's prefix. */
  path: string;
  layout: RouteLayout;
  /** false: open to visitors. */
  needsLogIn: boolean;
  /**
   * The screen's identity: a screen stays mounted while its key (with path params, and with the
   * query when reloadOnUrlChange) stays the same. Routes sharing a key share one screen instance.
   * Without one, the route's name (every first visit carries this table, so it says no more).
   */
  key?: string;
  /** The screen restarts when the query string changes, not only the path. */
  reloadOnUrlChange: boolean;
  /** Shown before the product name in the document title; null: the product name alone. */
  title: string | null;
  group: RouteGroup;
  /**
   * The data its first load needs, asked for as the console starts on it and as a navigation to it
   * begins, beside its chunks (loads/start-route-loads.ts); its page starts with the answers.
   */
  loads?: readonly RouteLoad<unknown>[];
}

const visitor = { needsLogIn: false, reloadOnUrlChange: false } as const;
const member = { needsLogIn: true, reloadOnUrlChange: false } as const;

export const routeTable = [
  {
    name: 'home',
    path: '/',
    layout: 'public',
    ...member,
    title: null,
    group: 'home',
    loads: [profileLoad],
  },
  {
    name: 'login',
    path: '/login',
    layout: 'public',
    ...visitor,
    title: 'Log in',
    group: 'auth',
  },
  {
    name: 'auth',
    path: '/auth',
    layout: 'public',
    needsLogIn: false,
    reloadOnUrlChange: true,
    title: 'Log in',
    group: 'auth',
  },
  {
    name: 'session-expired',
    path: '/auth/session-expired',
    layout: 'public',
    ...visitor,
    key: 'auth',
    title: 'Session expired',
    group: 'auth',
  },
  {
    name: 'web-login',
    path: '/web-login',
    layout: 'public',
    ...visitor,
    title: 'Sign up',
    group: 'signup',
  },
  {
    name: 'weblogin-success',
    path: '/teams/:teamUser/weblogin-success',
    layout: 'public',
    ...visitor,
    title: 'Welcome to Spark Premium',
    // Its own chunk: /web-login's first visit does not carry this page (public JS budget).
    group: 'signup-success',
  },
  {
    name: 'team',
    path: '/teams/:teamUser',
    layout: 'top',
    ...member,
    title: null,
    group: 'team',
    loads: [profileLoad],
  },
  {
    name: 'team-overview',
    path: '/teams/:teamUser/overview',
    layout: 'team',
    ...member,
    title: 'Overview',
    group: 'team-overview',
    loads: [overviewLoad],
  },
  {
    name: 'team-users',
    path: '/teams/:teamUser/users',
    layout: 'team',
    ...member,
    title: 'Members',
    group: 'team-members',
    loads: [firstMembersPageLoad],
  },
  {
    name: 'team-billing',
    path: '/teams/:teamUser/billing',
    layout: 'team',
    ...member,
    title: 'Billing',
    group: 'team-billing',
    loads: [billingPageLoad],
  },
  {
    name: 'team-contact-us',
    path: '/teams/:teamUser/contact-us',
    layout: 'team',
    ...member,
    title: 'Contact us',
    group: 'team-contact-us',
  },
  {
    name: 'public-files-upload',
    path: '/public-files/upload',
    layout: 'public',
    ...member,
    title: 'Upload a public file',
    group: 'internal',
  },
  {
    name: 'public-file',
    path: '/public-files/:fileKey',
    layout: 'public',
    needsLogIn: false,
    reloadOnUrlChange: true,
    title: 'Download file',
    group: 'public-file',
    loads: [publicFileLoad],
  },
  {
    name: 'back-to-app',
    path: '/back-to-app',
    layout: 'public',
    ...visitor,
    title: 'Back to Spark',
    group: 'public-back-to-app',
  },
  {
    // Paddle's default payment link: set in Paddle's dashboard (docs/operations.md), and offline the
    // sandbox's checkout.url. Open to anyone: Paddle's mails reach people who are not signed in.
    name: 'paddle-pay',
    path: '/paddle-pay',
    layout: 'public',
    ...visitor,
    title: 'Pay invoice',
    group: 'paddle-pay',
  },
  {
    name: 'accept-invitation',
    path: '/accept-invitation',
    layout: 'public',
    ...visitor,
    title: 'Accept invitation',
    group: 'public-invitation',
  },
  {
    name: 'debug-es',
    path: '/debug-es',
    layout: 'public',
    ...member,
    title: 'Event stream',
    group: 'internal',
  },
  {
    name: 'profile',
    path: '/profile',
    layout: 'public',
    ...member,
    title: 'Profile',
    group: 'personal',
  },
  {
    name: 'pb-portal',
    path: '/pb/portal',
    layout: 'public',
    ...member,
    title: 'Billing portal',
    group: 'personal',
  },
  {
    name: 'pb-setup',
    path: '/pb/setup',
    layout: 'public',
    ...member,
    title: 'Billing details',
    group: 'personal',
  },
  {
    name: 'pb-trial',
    path: '/pb/trial',
    layout: 'public',
    ...member,
    title: 'Trial',
    group: 'personal',
  },
  {
    name: 'pb-products',
    path: '/pb/products',
    layout: 'public',
    ...member,
    title: 'Products',
    group: 'personal',
  },
  {
    name: 'pb-result',
    path: '/pb/result',
    layout: 'public',
    ...member,
    title: 'Checkout result',
    group: 'personal',
  },
  {
    name: 'not-found',
    path: '*',
    layout: 'public',
    ...visitor,
    title: null,
    group: 'not-found',
  },
] as const satisfies readonly RouteMeta[];

export type RouteName = (typeof routeTable)[number]['name'];

/**
 * What a group's chunk exports: the page component of each of its routes. Here, below both the
 * group files and route-groups.ts (which loads them), so neither imports the other back.
 */
export type GroupPages = Partial<Record<RouteName, ComponentType>>;

/** Routes a link can point to (the catch-all has no address of its own). */
export type NavigableRouteName = Exclude<RouteName, 'not-found'>;

type PathOf<N extends RouteName> = Extract<(typeof routeTable)[number], { name: N }>['path'];

/** The params a route's path needs: `:teamUser` is written from a team user ref. */
export type RouteParams<N extends RouteName> =
  PathOf<N> extends `${string}:teamUser${string}`
    ? TeamUserRef
    : PathOf<N> extends `${string}:fileKey${string}`
      ? { fileKey: string }
      : undefined;

export type QueryParams = Record<string, string | number | null | undefined>;

type PathToArgs<N extends NavigableRouteName> =
  RouteParams<N> extends undefined
    ? [params?: undefined, query?: QueryParams]
    : [params: RouteParams<N>, query?: QueryParams];

const routesByName = new Map<string, RouteMeta>(routeTable.map((route) => [route.name, route]));

export function routeMeta(name: RouteName): RouteMeta {
  const route = routesByName.get(name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}

/** An absolute path (with an optional query) to a named route, e.g. pathTo('team-overview', ref). */
export function pathTo<N extends NavigableRouteName>(name: N, ...[params, query]: PathToArgs<N>): string {
  const values = params as Partial<TeamUserRef & { fileKey: string }> | undefined;
  const path = routeMeta(name).path.replace(/:(\w+)/g, (_, param: string) => {
    if (param === 'teamUser' && values?.teamId !== undefined && values.userId !== undefined) {
      return formatTeamUserRef({ teamId: values.teamId, userId: values.userId });
    }
    if (param === 'fileKey' && values?.fileKey) return encodeURIComponent(values.fileKey);
    throw new Error(`pathTo(${name}): missing param ${param}`);
  });
  return path + queryString(query);
}

function queryString(query: QueryParams | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The identity a screen is mounted under (see RouteMeta.key). */
export function screenKey(
  route: RouteMeta,
  params: Record<string, string | undefined>,
  search: string,
): string {
  const paramPart = Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return [route.key ?? route.name, paramPart, route.reloadOnUrlChange ? search : ''].join('|');
}
