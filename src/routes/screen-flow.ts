// How a page runs its statecharts: the flow starts with the screen and stops when it leaves, wired
// once to the app's services and joined to the inspector in development; the view reads it through
// the flow's selectors. A page may start its flow with its route's first-load data (loads/).
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import type { ActorRefFrom, AnyActorLogic, InputFrom } from 'xstate';
import type { AppServices } from '@/app/services';
import { useServices } from '@/app/services-context';
import { type Readable, useSelectorInTransition } from '@/routes/transition-selector';

/**
 * Starts the flow `create` builds from the app's services (API calls, flashes, error handling
 * provided). Built once: a re-render must not build a new machine that the running actor ignores.
 */
export function useScreenFlow<TLogic extends AnyActorLogic>(
  create: (services: AppServices) => TLogic,
  input?: InputFrom<TLogic>,
): ActorRefFrom<TLogic> {
  const services = useServices();
  const [logic] = useState(() => create(services));
  return useActorRef(logic, { input, inspect: services.inspect }) as ActorRefFrom<TLogic>;
}

type Selections<TSelectors extends Record<string, (snapshot: never) => unknown>> = {
  [K in keyof TSelectors]: ReturnType<TSelectors[K]>;
};

/** One selector reading all of `selectors` into an object, made once per selectors object. */
function useSelectAll<TSnapshot, TSelectors extends Record<string, (snapshot: TSnapshot) => unknown>>(
  selectors: TSelectors,
): (snapshot: TSnapshot) => Selections<TSelectors> {
  return useCallback(
    (snapshot: TSnapshot) =>
      Object.fromEntries(
        Object.entries(selectors).map(([key, select]) => [key, select(snapshot)]),
      ) as Selections<TSelectors>,
    [selectors],
  );
}

/**
 * Reads several selectors of one actor at once: `{ user: selectUser, busy: selectBusy }` gives
 * `{ user, busy }`, re-rendering when any of them changes. The selectors object must be stable (a
 * module constant, or made once with useState) and each selector return a stable value.
 */
export function useSelections<TSnapshot, TSelectors extends Record<string, (snapshot: TSnapshot) => unknown>>(
  actor: Readable<TSnapshot>,
  selectors: TSelectors,
): Selections<TSelectors> {
  return useSelector(actor, useSelectAll<TSnapshot, TSelectors>(selectors), shallowEqual);
}

/**
 * useSelections for what arrives rather than what a person does (a page's data loading): a change
 * re-renders in a transition, in slices that leave the main thread free (transition-selector.ts).
 */
export function useSelectionsInTransition<
  TSnapshot,
  TSelectors extends Record<string, (snapshot: TSnapshot) => unknown>,
>(actor: Readable<TSnapshot>, selectors: TSelectors): Selections<TSelectors> {
  return useSelectorInTransition(actor, useSelectAll<TSnapshot, TSelectors>(selectors), shallowEqual);
}
