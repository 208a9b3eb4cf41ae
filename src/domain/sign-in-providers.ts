// The sign-in providers the server can use, from the settings index.html carries (console-settings.ts).
// A module of its own, apart from the operator's settings every page reads: only /web-login needs it,
// so its code stays out of the other pages' first visit.

import type { SignInProvider } from './console-settings';

/** Every provider the console knows, in the order /web-login offers them. */
export const SIGN_IN_PROVIDERS: readonly SignInProvider[] = ['google', 'microsoft'];

/**
 * The sign-in providers from the settings JSON, in SIGN_IN_PROVIDERS' order. Without the element or
 * the field (the Vite dev server, a bare build) both, as a development server with the sandbox has them.
 */
export function parseSignInProviders(json: string | null | undefined): SignInProvider[] {
  let raw: unknown = null;
  try {
    raw = json ? JSON.parse(json) : null;
  } catch {
    raw = null;
  }
  const given =
    raw && typeof raw === 'object' ? (raw as { signInProviders?: unknown }).signInProviders : null;
  if (!Array.isArray(given)) return [...SIGN_IN_PROVIDERS];
  return SIGN_IN_PROVIDERS.filter((provider) => given.includes(provider));
}
