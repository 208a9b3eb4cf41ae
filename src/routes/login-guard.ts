// The loader-side guard for routes whose metadata says needsLogIn: it waits until the stored
// session is restored (so the app is ready only then), then lets a logged-in user through or
// redirects a visitor (see login-redirect.ts).
import { redirect } from 'react-router';
import { waitFor } from 'xstate';
import type { SessionActor } from '@/machines/session.client';
import { loginRedirectPath } from '@/routes/login-redirect';

export type LoginGuard = (request: Request) => Promise<void>;

export function isSessionSettled(snapshot: ReturnType<SessionActor['getSnapshot']>): boolean {
  return !snapshot.hasTag('restoring') && !snapshot.hasTag('loggingIn');
}

export function createLoginGuard(session: SessionActor): LoginGuard {
  return async (request) => {
    const snapshot = await waitFor(session, isSessionSettled);
    if (snapshot.matches('loggedIn')) return;
    throw redirect(loginRedirectPath(new URL(request.url)));
  };
}
