// Where the session survives a reload: one JSON entry under the configurable storage-key prefix.
// Other tabs see changes through the browser's `storage` event.
import type { StoredSession } from '@/machines/session.machine';

export interface SessionStore {
  load(): StoredSession | null;
  save(session: StoredSession): void;
  clear(): void;
  /** Calls back when another tab changes the stored session. */
  subscribe(listener: (session: StoredSession | null) => void): () => void;
}

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
    clear: () => storage.removeItem(key),
    subscribe(listener) {
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener(parseStoredSession(storage.getItem(key)));
      };
      events.addEventListener('storage', onStorage);
      return () => events.removeEventListener('storage', onStorage);
    },
  };
}
