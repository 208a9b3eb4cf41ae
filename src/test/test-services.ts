// App services for console tests: the real actors and API client over a fake fetch and an
// in-memory session store, with page views recorded instead of sent.
import type { PageView } from '@/app/analytics';
import { createAppServices } from '@/app/services';
import type { SessionStore } from '@/app/session-storage';
import type { StoredSession } from '@/machines/session.machine';

export function memorySessionStore(
  initial: StoredSession | null = null,
): SessionStore & { value: StoredSession | null } {
  const store = {
    value: initial,
    load: () => store.value,
    save: (session: StoredSession) => {
      store.value = session;
    },
    clear: () => {
      store.value = null;
    },
    subscribe: () => () => {},
  };
  return store;
}

export function createTestServices(options: {
  fetch: typeof globalThis.fetch;
  stored?: StoredSession | null;
}) {
  const pageViews: PageView[] = [];
  const store = memorySessionStore(options.stored ?? null);
  const services = createAppServices({
    store,
    fetch: options.fetch,
    prefixUrl: 'http://console.test',
    analyticsSink: (view) => pageViews.push(view),
  });
  return { services, store, pageViews };
}
