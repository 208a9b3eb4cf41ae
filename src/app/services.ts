// The app-wide actors and the API client, created once and wired to each other:
// the session supplies tokens to the API client, the registry follows the session, and every
// failure goes through one error handler. Routes and views reach them through services-context.
import { type AnyActorRef, createActor, fromPromise, type InspectionEvent, type Observer } from 'xstate';
import { exchangeAuthCode, logout, refreshTokens } from '@/api/auth';
import { type ApiClient, createApiClient } from '@/api/client';
import { listTeams } from '@/api/teams';
import { type AnalyticsSink, apiAnalyticsSink } from '@/app/analytics';
import { deviceInfo } from '@/app/device-info';
import { createErrorHandler } from '@/app/error-handling';
import { type LoginLink, takeLoginLink } from '@/app/login-link';
import { createRouteDataStore } from '@/app/route-data';
import type { SessionStore } from '@/app/session-storage';
import { passesUpFromScreenSetup } from '@/domain/error-policy';
import { flashMachine } from '@/machines/flash.machine';
import { getFreshAccessToken, renewRejectedAccessToken } from '@/machines/session.client';
import { sessionMachine } from '@/machines/session.machine';
import { teamRegistryMachine } from '@/machines/team-registry.machine';

export interface AppServicesOptions {
  store: SessionStore;
  fetch?: typeof globalThis.fetch;
  prefixUrl?: string;
  analyticsSink?: AnalyticsSink;
  /** The Stately inspector's hook, in development. */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /**
   * A login link whose exchange the page's start script began (app/login-link.ts), logged in with
   * at start; by default the one the page left, if any.
   */
  loginLink?: LoginLink | null;
}

export function createAppServices({
  store,
  fetch,
  prefixUrl,
  analyticsSink,
  inspect,
  loginLink = takeLoginLink(globalThis),
}: AppServicesOptions) {
  // Late-bound: the router is created after the services (its loaders need them).
  let rerunAuthFlow = () => {};

  const session = createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(async () => store.load()),
        exchangeAuthCode: fromPromise(
          ({ input: { code } }) =>
            (code === loginLink?.code && loginLink.tokens) || exchangeAuthCode(api, code, deviceInfo()),
        ),
        refreshTokens: fromPromise(({ input }) => refreshTokens(api, input.refreshToken)),
        // Best effort: this tab and the others are logged out whatever the server answers.
        revokeSession: fromPromise(async ({ input, signal }) => {
          if (input.refreshToken) await logout(api, input.refreshToken, signal).catch(() => {});
        }),
      },
      actions: {
        persistSession: (_, stored) => store.save(stored),
        clearStoredSession: () => store.clear(),
        storeLogout: () => store.clear('logout'),
      },
    }),
    { inspect },
  );

  const api: ApiClient = createApiClient({
    fetch,
    prefixUrl,
    getAccessToken: () => getFreshAccessToken(session),
    renewAccessToken: (rejected) => renewRejectedAccessToken(session, rejected),
  });

  const flash = createActor(flashMachine, { inspect });
  const registry = createActor(
    teamRegistryMachine.provide({
      actors: { loadMemberships: fromPromise(async () => (await listTeams(api)).items) },
    }),
    { inspect },
  );

  const handleError = createErrorHandler({ flash, registry, rerunAuthFlow: () => rerunAuthFlow() });

  // The registry follows whoever is signed in: loads for a new account, forgets on logout.
  let registryUid: number | null = null;
  session.subscribe((snapshot) => {
    const uid = snapshot.matches('loggedIn') ? snapshot.context.uid : null;
    if (uid === registryUid) return;
    registryUid = uid;
    registry.send(uid === null ? { type: 'registry.clear' } : { type: 'registry.reload' });
  });
  // A registry load refused with 401 (the refresh failed too) sends the user through auth again.
  let lastRegistryError: unknown = null;
  registry.subscribe((snapshot) => {
    const error = snapshot.matches('failed') ? snapshot.context.error : null;
    if (error === lastRegistryError) return;
    lastRegistryError = error;
    if (error && passesUpFromScreenSetup(error)) handleError(error);
  });
  const stopFollowingOtherTabs = store.subscribe((stored, loggedOut) =>
    session.send({ type: 'session.storageChanged', stored, loggedOut }),
  );

  const actors: AnyActorRef[] = [session, flash, registry];
  for (const actor of actors) actor.start();
  // The page's login link, its exchange on its way: the session logs in with it (the actor above
  // takes the exchange over).
  if (loginLink) session.send({ type: 'session.login', token: loginLink.code });

  return {
    /** The dev inspector's hook, for screen actors (`useActorRef(logic, { inspect })`). */
    inspect,
    api,
    session,
    flash,
    registry,
    /** The page's login link, if it came with one (its code, for the sign-in page it fails to). */
    loginLink,
    /** The routes' first loads, kept until their pages take them (route-data.ts). */
    routeData: createRouteDataStore(),
    handleError,
    trackPageView: analyticsSink ?? apiAnalyticsSink(api),
    showFlash: (message: string, variant: 'info' | 'success' | 'danger' = 'success') =>
      flash.send({ type: 'flash.show', variant, message }),
    setAuthFlow(run: () => void) {
      rerunAuthFlow = run;
    },
    stop() {
      stopFollowingOtherTabs();
      for (const actor of actors) actor.stop();
    },
  };
}

export type AppServices = ReturnType<typeof createAppServices>;
