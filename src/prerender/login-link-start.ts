// What a team page's start script does first when the page is a login link's
// (`/login?token=...&team_id=...&user_id=...`, which the server answers with the frame of the team
// page it lands on): it starts the code's exchange at once, before the console's code has loaded.
// The console takes the exchange over (app/login-link.ts) and moves the address to that team page
// once the session is stored, so a reload before then still holds the link (decision 052).
// scripts/vite-prerender.ts builds it into the start script; it imports only small pure modules.
import { APP_NAME } from '@/api/auth';
import { RETRY_DELAY_MS, RETRY_LIMIT } from '@/api/client';
import { deviceInfo } from '@/app/device-info';
import { LOGIN_LINK, type LoginLink } from '@/app/login-link';
import { parseStoredSession } from '@/app/session-storage';
import { tokenUid } from '@/domain/auth-token';
import type { Tokens } from '@/domain/entities';
import { loginLinkDestination } from '@/domain/login-link';

/** A fresh idempotency key, made as api/client.ts makes them (crypto.randomUUID needs HTTPS). */
function newKey(crypto: Crypto): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The exchange's idempotency key for `code`, the same for this tab across reloads: an exchange the
 * server made whose answer a reload cut off is answered again for it (within the server's grace
 * window) rather than refused as spent. Kept in sessionStorage, the tab's own, never in an address;
 * a fresh key where that storage is unusable.
 */
function keyFor(win: Window, storageKey: string | null, code: string): string {
  try {
    if (storageKey === null) return newKey(win.crypto);
    const kept = JSON.parse(win.sessionStorage.getItem(storageKey) ?? 'null') as {
      code?: unknown;
      key?: unknown;
    } | null;
    if (kept?.code === code && typeof kept.key === 'string') return kept.key;
    const key = newKey(win.crypto);
    win.sessionStorage.setItem(storageKey, JSON.stringify({ code, key }));
    return key;
  } catch {
    return newKey(win.crypto);
  }
}

/** Whether the stored session is the account `code` names (session.machine.ts reuses it then). */
function isStoredUser(win: Window, sessionKey: string, code: string): boolean {
  try {
    const stored = parseStoredSession(win.localStorage.getItem(sessionKey));
    return stored !== null && stored.uid === tokenUid(code);
  } catch {
    return false;
  }
}

/**
 * POST /api/v2/auth/code as the console's client sends it: a network failure or a 5xx is tried
 * again, RETRY_LIMIT times RETRY_DELAY_MS apart, with the same idempotency key (the server then
 * answers a retry of an exchange it made with a session, not a refusal); any other answer is final.
 */
export async function exchangeLoginCode(
  win: Window,
  code: string,
  keyStorage: string | null = null,
): Promise<Tokens> {
  const init: RequestInit = {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': keyFor(win, keyStorage, code) },
    body: JSON.stringify({ code, app: APP_NAME, ...deviceInfo(win.navigator) }),
  };
  for (let attempt = 0; ; attempt++) {
    const response = await win.fetch('/api/v2/auth/code', init).catch(() => null);
    if (response?.ok) return (await response.json()) as Tokens;
    // Read to its end: a body left unread keeps the request open (and the page never idle).
    await response?.text().catch(() => '');
    if (response && response.status < 500) throw new Error(`The login code was refused (${response.status})`);
    if (attempt >= RETRY_LIMIT) throw new Error('The login code could not be exchanged');
    await new Promise((resolve) => win.setTimeout(resolve, RETRY_DELAY_MS));
  }
}

/**
 * On a login link's address: starts its exchange (in the next task) and leaves it for the console, which moves the
 * address to the team page once the session is stored; anywhere else it does nothing. A code of the
 * account already signed in is not exchanged: that session is kept, as the session statechart does,
 * and the address is the team page's at once (its session is stored already).
 */
export function startLoginLink(win: Window, storagePrefix: string): void {
  const { pathname, search } = win.location;
  const params = new URLSearchParams(search);
  const destination = pathname === '/login' ? loginLinkDestination(params) : null;
  if (!destination) return;
  const code = (params.get('token') ?? '').trim();
  if (isStoredUser(win, `${storagePrefix}session`, code)) {
    win.history.replaceState(win.history.state, '', destination);
    return;
  }
  // The key's storage read and the request in the next task: this script's task holds the first read
  // of localStorage already (a synchronous call to the browser, milliseconds on a fresh profile), and
  // together they made one task long enough to block the main thread (decision 056). The link is
  // left for the console now; its code, asked for after the first paint, comes tasks later.
  // In a hidden tab at once: the browser runs a hidden page's timers at most once a second.
  const nextTask =
    win.document.visibilityState === 'hidden'
      ? Promise.resolve()
      : new Promise((resolve) => win.setTimeout(resolve, 0));
  const tokens = nextTask.then(() => exchangeLoginCode(win, code, `${storagePrefix}login-link-key`));
  // Handled here too: a console that never loads must not leave an unhandled rejection.
  tokens.catch(() => {});
  const link: LoginLink = { code, destination, tokens };
  (win as unknown as Record<string, LoginLink>)[LOGIN_LINK] = link;
}
