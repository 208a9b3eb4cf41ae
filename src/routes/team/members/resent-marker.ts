import { STORAGE_KEY_PREFIX } from '@/app/config';
import {
  type MarkerStorage,
  type ResentMarkerStore,
  resentMarkerStore,
} from '@/machines/invitations-resent-marker';

/** The page's own memory when the browser refuses localStorage (some sandboxed or private modes). */
function pageMemory(): MarkerStorage {
  const entries = new Map<string, string>();
  return {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

function browserStorage(): MarkerStorage {
  try {
    return window.localStorage ?? pageMemory();
  } catch {
    return pageMemory();
  }
}

/** The team's 'resent' marker in localStorage, under the console's storage-key prefix. */
export function teamResentMarker(teamId: number): ResentMarkerStore {
  return resentMarkerStore(browserStorage(), STORAGE_KEY_PREFIX, teamId);
}
