import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode } from 'react';
import type { GroupPages, RouteGroup, RouteMeta, RouteName } from '@/routes/route-table';

export interface GroupModule {
  pages: GroupPages;
  /** The team group's: the routes of a page opened from a login link (routes/login-link-routes.tsx). */
  LoginLinkRoutes?: ComponentType<{ children: ReactNode }>;
}

// One dynamic import per group: Vite turns each into its own chunk, loaded on first visit.
export const groupLoaders: Record<RouteGroup, () => Promise<GroupModule>> = {
  home: () => import('@/routes/home/home.group'),
  auth: () => import('@/routes/auth/auth.group'),
  signup: () => import('@/routes/signup/signup.group'),
  'signup-success': () => import('@/routes/signup/signup-success.group'),
  team: () => import('@/routes/team/team.group'),
  'team-overview': () => import('@/routes/team/team-overview.group'),
  'team-members': () => import('@/routes/team/team-members.group'),
  'team-billing': () => import('@/routes/team/team-billing.group'),
  'team-contact-us': () => import('@/routes/team/team-contact-us.group'),
  personal: () => import('@/routes/personal/personal.group'),
  internal: () => import('@/routes/internal/internal.group'),
  'not-found': () => import('@/routes/not-found/not-found.group'),
  'public-invitation': () => import('@/routes/public/public-invitation.group'),
  'public-back-to-app': () => import('@/routes/public/public-back-to-app.group'),
  // Its own chunk, as each built team page has: a visitor opening a shared file loads that page only.
  'public-file': () => import('@/routes/public/public-file.group'),
  // Its own chunk too: a buyer Paddle sends to pay loads this page, then Paddle.js, nothing else.
  'paddle-pay': () => import('@/routes/public/paddle-pay.group'),
};

/** The groups whose chunk is in: their pages render at once. */
const loadedGroups = new Map<RouteGroup, GroupModule>();

/** The group's chunk, kept as loaded (its pages then render at once). */
export async function loadGroup(group: RouteGroup): Promise<GroupModule> {
  const module = await groupLoaders[group]();
  loadedGroups.set(group, module);
  return module;
}

/** The page component of a route, loading its group's chunk first. */
export async function loadPage(name: RouteName, group: RouteGroup): Promise<ComponentType> {
  const { pages } = await loadGroup(group);
  const page = pages[name];
  if (!page) throw new Error(`Route group '${group}' has no page for route '${name}'`);
  return page;
}

/** Groups whose chunk failed to load: the root error screen shows it, its button reloads. */
const failedGroups = new Map<RouteGroup, unknown>();

/**
 * Whether the chunks of these groups are in: true, or a promise that settles when they are (or
 * failed), for a Suspense boundary to wait on; a failure is thrown for the root error screen.
 */
export function groupsReady(groups: readonly RouteGroup[]): true | Promise<unknown> {
  const failed = groups.find((group) => failedGroups.has(group));
  if (failed) throw failedGroups.get(failed);
  if (groups.every((group) => loadedGroups.has(group))) return true;
  return Promise.all(
    groups.map((group) => loadGroup(group).catch((error: unknown) => failedGroups.set(group, error))),
  );
}

type PageModule = { default: ComponentType };

/** A thenable React.lazy reads in the same render: the page's chunk is in already. */
function loadedNow(page: ComponentType): Promise<PageModule> {
  return {
    // biome-ignore lint/suspicious/noThenProperty: React.lazy takes any thenable; this one answers at once
    then: (resolve: (module: PageModule) => void) => resolve({ default: page }),
  } as Promise<PageModule>;
}

const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();

/**
 * The page of a route as a React.lazy component, one per route so React keeps its identity. When
 * its group is loaded already (groupsReady), it renders in the same pass instead of suspending for
 * a tick: the team frame and its page then render together and start their requests together.
 */
export function lazyPage(route: RouteMeta): LazyExoticComponent<ComponentType> {
  let page = lazyPages.get(route.name);
  if (!page) {
    const name = route.name as RouteName;
    page = lazy(() => {
      const loaded = loadedGroups.get(route.group)?.pages[name];
      return loaded ? loadedNow(loaded) : loadPage(name, route.group).then((found) => ({ default: found }));
    });
    lazyPages.set(route.name, page);
  }
  return page;
}
