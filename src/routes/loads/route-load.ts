// What a route's first load needs, declared with the route in the route table (`loads`): the
// data its page would otherwise ask for only once its chunks are in and it has rendered, a round
// trip or two late. One generic step (start-route-loads.ts) asks for it as the console starts and as
// each navigation begins, beside the page's chunks; the page starts its statechart with the answer
// (use-route-data.ts). React Router's loaders are the same idea; the console keeps the declarative
// router for its weight (docs/decisions/048-route-loads.md).
import type { Params } from 'react-router';
import type { AppServices } from '@/app/services';
import { formatTeamUserRef, parseTeamUserRef, type TeamUserRef } from '@/domain/team-user-ref';

/** The address a load is asked for: the route's path params and the query. */
export interface RouteAddress {
  params: Params;
  search: URLSearchParams;
}

export interface RouteLoad<T> {
  /** Names the data, unique among the loads. */
  readonly name: string;
  /** Which data of this kind the address needs, or null: this address asks for nothing. */
  keyOf(address: RouteAddress): string | null;
  /** Asks for it, as the page itself would (the same calls, retries and session). */
  ask(services: AppServices, address: RouteAddress): Promise<T>;
}

/** Where the store keeps a load's answer for an address (null: nothing to keep). */
export function routeDataKey(load: RouteLoad<unknown>, address: RouteAddress): string | null {
  const key = load.keyOf(address);
  return key === null ? null : `${load.name}:${key}`;
}

/**
 * A load of one team user's data, keyed by the address's `:teamUser` (`{tid}-{uid}`) and what
 * `queryKey` reads from its query; an address without a well-formed team user asks for nothing (it
 * shows the not-found page).
 */
export function teamUserLoad<T>(
  name: string,
  ask: (services: AppServices, ref: TeamUserRef, address: RouteAddress) => Promise<T>,
  queryKey: (address: RouteAddress) => string = () => '',
): RouteLoad<T> {
  const refOf = (address: RouteAddress) => parseTeamUserRef(address.params.teamUser ?? '');
  return {
    name,
    keyOf: (address) => {
      const ref = refOf(address);
      const query = queryKey(address);
      return ref && (query ? `${formatTeamUserRef(ref)}?${query}` : formatTeamUserRef(ref));
    },
    // Asked only where keyOf found a team user (start-route-loads.ts).
    ask: (services, address) => ask(services, refOf(address) as TeamUserRef, address),
  };
}
