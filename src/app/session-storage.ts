// Where the session survives a reload: one JSON entry under the configurable storage-key prefix.
// Other tabs see changes through the browser's `storage` event. A deliberate logout writes a marker
// before it removes the entry, so other tabs learn why the session ended (they must not
// say 'due to inactivity'); nothing stays behind in storage.
import type { StoredSession } from '@/machines/session.machine';

export interface SessionStore {
  load(): StoredSession | null;
  save(session: StoredSession): void;
  /** Forgets the session; 'logout': it ended by a deliberate logout, which other tabs are told. */
  clear(reason?: 'logout'): void;
  /** Calls back when another tab changes the stored session; `loggedOut`: it logged out. */
  subscribe(listener: (session: StoredSession | null, loggedOut: boolean) => void): () => void;
}

// Pure: the team pages' start script imports this module for parseStoredSession alone, and drops it.
const LOGOUT_MARKER = /* @__PURE__ */ JSON.stringify({ loggedOut: true });

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Anything that is not a well-formed stored session reads as none. */
export function parseStoredSession(text: string | null): StoredSession | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    if (typeof value.refreshToken !== 'string' || !value.refreshToken) return null;
    return {
      refreshToken: value.refreshToken,
      accessToken: typeof value.accessToken === 'string' ? value.accessToken : null,
      expiresAt: numberOrNull(value.expiresAt),
      uid: numberOrNull(value.uid),
    };
  } catch {
    return null;
  }
}

export function createSessionStore(
  prefix: string,
  storage: Storage,
  events: Pick<Window, 'addEventListener' | 'removeEventListener'>,
): SessionStore {
  const key = `${prefix}session`;
  return {
    load: () => parseStoredSession(storage.getItem(key)),
    save: (session) => storage.setItem(key, JSON.stringify(session)),
    clear(reason) {
      if (reason === 'logout') storage.setItem(key, LOGOUT_MARKER);
      storage.removeItem(key);
    },
    subscribe(listener) {
      const onStorage = (event: StorageEvent) => {
        if (event.key !== key && event.key !== null) return;
        // The event's own value first: by the time it arrives the marker is already removed again.
        const value = (event.key === key ? event.newValue : null) ?? storage.getItem(key);
        listener(parseStoredSession(value), value === LOGOUT_MARKER);
      };
      events.addEventListener('storage', onStorage);
      return () => events.removeEventListener('storage', onStorage);
    },
  };
}
