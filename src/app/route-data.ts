// The answers of the routes' first loads (routes/loads/route-load.ts), kept from when they were asked
// for (at start-up, or as a navigation began) until the page that needs them takes them. A page's
// render only peeks, since React may throw a render away and the next one must find the answer still
// there; its first load takes the answer once, and the page forgets it once it has committed, so it
// is used once. An answer is used only while fresh: on its way, or in for at most
// ROUTE_DATA_FRESH_MS; older, the page asks afresh.

/** In for longer than this, a kept answer is not used: the page asks afresh. */
export const ROUTE_DATA_FRESH_MS = 5_000;

interface Kept {
  answer: Promise<unknown>;
  /** When the answer came in (or failed); unset while it is on its way. */
  settledAt?: number;
  /** Set once the answer is in; settled without it, the answer failed. */
  value?: { of: unknown };
}

export interface RouteDataStore {
  /** Keeps `ask()`'s answer under `key`, unless a fresh one (not a failure) is kept there already. */
  ensure(key: string, ask: () => Promise<unknown>): void;
  /** The answer's value when it is in and fresh, without taking it: for a render. */
  peek<T>(key: string): { value: T } | null;
  /**
   * The answer, once, for a page's first load: null when none is kept or it is stale. A failed
   * answer becomes `askAgain(failure)`'s.
   */
  take<T>(key: string, askAgain: (failure: unknown) => Promise<T>): Promise<T> | null;
  /** Drops the answer: the page that started with its peeked value has committed. */
  forget(key: string): void;
}

/** `clock` stamps when answers come in (tests pass their own). */
export function createRouteDataStore(clock: () => number = Date.now): RouteDataStore {
  const kept = new Map<string, Kept>();
  const fresh = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return null;
    return entry.settledAt === undefined || clock() - entry.settledAt <= ROUTE_DATA_FRESH_MS ? entry : null;
  };
  return {
    ensure(key, ask) {
      // A failure (a visitor not signed in yet, a network blip) is asked again by the next navigation.
      const current = fresh(key);
      if (current && (current.value || current.settledAt === undefined)) return;
      const entry: Kept = { answer: ask() };
      entry.answer.then(
        (value) => {
          entry.value = { of: value };
          entry.settledAt = clock();
        },
        // Only a page's load reads it; until then a failure must not surface as an unhandled one.
        () => {
          entry.settledAt = clock();
        },
      );
      kept.set(key, entry);
    },
    peek<T>(key: string) {
      const value = fresh(key)?.value;
      return value ? { value: value.of as T } : null;
    },
    take<T>(key: string, askAgain: (failure: unknown) => Promise<T>) {
      const entry = fresh(key);
      kept.delete(key);
      if (!entry) return null;
      return entry.value
        ? Promise.resolve(entry.value.of as T)
        : (entry.answer as Promise<T>).catch(askAgain);
    },
    forget(key) {
      kept.delete(key);
    },
  };
}
