// Where the 'resent' marker of a team survives a reload (spec section 4: remembered per team for
// 1 hour): one JSON entry with the time of the resend, under the console's storage-key prefix.
// The storage is passed in, so tests use their own and the machine stays free of I/O.

/** Spec section 9: invitation resend throttle. */
export const RESEND_THROTTLE_MS = 60 * 60 * 1000;

export interface ResentMarkerStore {
  /** Milliseconds since epoch of the last 'Resend all', or null. */
  load(): number | null;
  save(resentAt: number): void;
  clear(): void;
}

export type MarkerStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function resentMarkerKey(prefix: string, teamId: number): string {
  return `${prefix}invitations-resent:${teamId}`;
}

/** Storage may refuse (private mode, quota): the marker then lasts as long as the page. */
export function resentMarkerStore(storage: MarkerStorage, prefix: string, teamId: number): ResentMarkerStore {
  const key = resentMarkerKey(prefix, teamId);
  return {
    load() {
      try {
        const value = JSON.parse(storage.getItem(key) ?? 'null') as { resentAt?: unknown } | null;
        const resentAt = value?.resentAt;
        return typeof resentAt === 'number' && Number.isFinite(resentAt) ? resentAt : null;
      } catch {
        return null;
      }
    },
    save(resentAt) {
      try {
        storage.setItem(key, JSON.stringify({ resentAt }));
      } catch {
        // Not remembered across reloads; the server still throttles each address.
      }
    },
    clear() {
      try {
        storage.removeItem(key);
      } catch {
        // Nothing stored, nothing to clear.
      }
    },
  };
}
