// The guard around routes whose metadata says needsLogIn: it waits until the stored session is
// restored (the loading screen meanwhile), then lets a logged-in user through or sends a visitor on
// (see login-redirect.ts), replacing the entry.
import { type ReactNode, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useServices } from '@/app/services-context';
import type { SessionActor } from '@/machines/session.client';
import { loginRedirectPath } from '@/routes/login-redirect';
import { useSelectorInTransition } from '@/routes/transition-selector';
import { LoadingScreen } from '@/ui/LoadingScreen';

export function isSessionSettled(snapshot: ReturnType<SessionActor['getSnapshot']>): boolean {
  return !snapshot.hasTag('restoring') && !snapshot.hasTag('loggingIn');
}

interface Decision {
  /** The history entry it was taken for. */
  key: string;
  loggedIn: boolean;
}

/**
 * `bypassed`: the page behind the guard shows a state of its own that needs no session (the team
 * area's frame, painted from HTML) instead of the loading screen, and the guard decides nothing
 * until it is false. The same children then stay mounted when it lets them through.
 */
export function RequireLogin({ children, bypassed = false }: { children: ReactNode; bypassed?: boolean }) {
  const { session } = useServices();
  const location = useLocation();
  // The page behind the guard renders in a transition, in slices (decision 028).
  const settled = useSelectorInTransition(session, isSessionSettled);
  // Decided once per history entry, as a route loader would: a session that ends under the page is
  // followed by useFollowLogout (or the tab's own 'Log out' goes to sign-in), not by a second
  // navigation from here racing theirs.
  const [decision, setDecision] = useState<Decision | null>(null);
  if (bypassed) return children;
  const current = decision?.key === location.key ? decision : null;
  if (!current && settled) {
    setDecision({ key: location.key, loggedIn: session.getSnapshot().matches('loggedIn') });
  }
  if (!current) return <LoadingScreen />;
  if (current.loggedIn) return children;
  const here = new URL(`${location.pathname}${location.search}${location.hash}`, window.location.origin);
  return <Navigate replace to={loginRedirectPath(here)} />;
}
