// How a page starts with its route's first-load data (route-load.ts, asked for by
// start-route-loads.ts): in already when the page mounts, its first render shows it (one paint with
// its content); on its way, the page's first load waits for it; otherwise, and for every later load
// (Retry, reload), the page asks as any screen does.
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { assign, fromPromise } from 'xstate';
import type { ApiClient } from '@/api/client';
import { useServices } from '@/app/services-context';
import { errorOf } from '@/machines/actor-error';
import { screenSetupMachine } from '@/machines/screen-setup.machine';
import { type RouteLoad, routeDataKey } from '@/routes/loads/route-load';
import { useScreenFlow } from '@/routes/screen-flow';

export interface RouteData<T> {
  /**
   * The answer when it was in as the page mounted: the page starts with it (its first render shows
   * it), since it is forgotten once the page has committed.
   */
  value: T | null;
  /**
   * The answer on its way, once, for the page's first load when it did not start with `value`
   * (null: none was kept, or it is stale). A failed answer becomes `askAgain(failure)`'s. Take it
   * in an actor, which runs once the page has committed: a render React throws away must not use
   * it up.
   */
  take(askAgain: (failure: unknown) => Promise<T>): Promise<T> | null;
}

/** The data `load` keeps for this page's address. */
export function useRouteData<T>(load: RouteLoad<T>): RouteData<T> {
  const { routeData } = useServices();
  const params = useParams();
  const { search } = useLocation();
  // Read once, as the page mounts: the render only peeks (see app/route-data.ts).
  const [kept] = useState(() => {
    const key = routeDataKey(load, { params, search: new URLSearchParams(search) });
    const peeked = key === null ? null : routeData.peek<T>(key);
    return { key, value: peeked ? peeked.value : null };
  });
  // Shown once: a later mount of the page asks afresh.
  useEffect(() => {
    if (kept.key !== null && kept.value !== null) routeData.forget(kept.key);
  }, [kept, routeData]);
  return useMemo(
    () => ({
      value: kept.value,
      take: (askAgain) => (kept.key === null ? null : routeData.take(kept.key, askAgain)),
    }),
    [kept, routeData],
  );
}

/**
 * A page's screen-setup flow (loading, ready, failed with Retry) that starts with its route's
 * first-load data: ready at once when it is in, else its first load waits for it; `ask` asks for the
 * data as the page otherwise would.
 */
export function useScreenSetupWithRouteData<T>(
  load: RouteLoad<T>,
  ask: (api: ApiClient, signal?: AbortSignal) => Promise<T>,
) {
  const data = useRouteData(load);
  return useScreenFlow(({ api, handleError }) =>
    screenSetupMachine.provide({
      guards: { isAnswered: () => data.value !== null },
      actors: {
        load: fromPromise(
          ({ signal }) => data.take(askAgainIfNotAsked(() => ask(api, signal))) ?? ask(api, signal),
        ),
      },
      actions: {
        storeAnswer: assign({ data: () => data.value }),
        escalate: ({ event }) => handleError(errorOf(event)),
      },
    }),
  );
}

/** For a page's first load: asks afresh only where the load did not ask; otherwise its failure stands. */
export function askAgainIfNotAsked<T>(ask: () => Promise<T>): (failure: unknown) => Promise<T> {
  return (failure) => (failure instanceof LoadNotAsked ? ask() : Promise.reject(failure));
}

/**
 * What a load throws when it did not ask at all (its page's precondition was not met, such as
 * billing for someone who is not the owner): the page asks for itself. Any other failure is the
 * answer to the very request the page would have made, with the same retries: the page meets it as
 * its own, rather than asking (and retrying) a second time.
 */
export class LoadNotAsked extends Error {}
