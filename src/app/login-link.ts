// A login link's code whose exchange the team page's start script began before the console's code
// had loaded (src/prerender/login-link-start.ts): the console takes that exchange over rather than
// asking again, so a code is spent once. The session statechart still decides everything else.
import type { Tokens } from '@/domain/entities';

/** Where the start script leaves the link for the console, which takes it away at once. */
export const LOGIN_LINK = 'sparkLoginLink';

export interface LoginLink {
  code: string;
  /** The team page the link lands on (domain/login-link.ts), its address once signed in. */
  destination: string;
  /**
   * The exchange's tokens (retried as the console's client retries), or its refusal, kept for a
   * second login with the code; null once the team page it lands on is signed in with them.
   */
  tokens: Promise<Tokens> | null;
}

/** The start script's login link, or null; nothing of it stays on `window`. */
export function takeLoginLink(win: typeof globalThis): LoginLink | null {
  const holder = win as unknown as Record<string, LoginLink | undefined>;
  const link = holder[LOGIN_LINK] ?? null;
  delete holder[LOGIN_LINK];
  return link;
}
