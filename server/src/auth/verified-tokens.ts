/** What a verified access token says: its account, its session, and until when it holds. */
export interface VerifiedAccess {
  uid: number;
  sid: number;
  exp: number;
}

/** Tokens remembered at most; the oldest goes first (a console keeps one token for its lifetime). */
export const MAX_VERIFIED_TOKENS = 1024;

/**
 * Access tokens whose signature this process has checked, with their claims, so the same token's
 * next request skips the HMAC and the decoding (decision 051). Only a token that verified goes in,
 * keyed by its whole text, so a forged or altered one still meets the full check. An entry is used
 * only until its `exp`; the session behind it is still read from the database on every request, so
 * a logout or a revoked session is refused at once, as before.
 */
export function createVerifiedTokens(maxEntries = MAX_VERIFIED_TOKENS) {
  const entries = new Map<string, VerifiedAccess>();
  return {
    /** The claims of `token` if it verified before and has not expired by `nowSeconds`. */
    get(token: string, nowSeconds: number): VerifiedAccess | undefined {
      const entry = entries.get(token);
      if (entry === undefined || entry.exp > nowSeconds) return entry;
      entries.delete(token);
      return undefined;
    },
    /** Remembers a token that has just verified. */
    add(token: string, access: VerifiedAccess): void {
      if (entries.size >= maxEntries && !entries.has(token)) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(token, access);
    },
    get size(): number {
      return entries.size;
    },
  };
}
