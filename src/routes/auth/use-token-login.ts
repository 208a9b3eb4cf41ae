import { useEffect, useState } from 'react';
import { useServices } from '@/app/services-context';
import { type LoginOutcome, loginWithToken } from '@/routes/auth/login-with-token';

/**
 * Logs in with `token` once per page (null: nothing to do) and reports the outcome; while it works
 * the outcome is 'pending'. `onLoggedIn` runs instead of reporting when the login succeeds.
 */
export function useTokenLogin(token: string | null, onLoggedIn: () => void): LoginOutcome | 'pending' | null {
  const { session } = useServices();
  const [outcome, setOutcome] = useState<LoginOutcome | 'pending' | null>(token === null ? null : 'pending');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page remounts for a new token; onLoggedIn is read once
  useEffect(() => {
    if (token === null) return;
    let cancelled = false;
    loginWithToken(session, token).then((result) => {
      if (cancelled) return;
      if (result === 'loggedIn' && token.trim() !== '') onLoggedIn();
      else setOutcome(result);
    });
    return () => {
      cancelled = true;
    };
  }, [session, token]);
  return outcome;
}
