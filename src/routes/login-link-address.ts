// A login link's address (`/login?token=...`, answered with the frame of the team page it lands on)
// stays in the address bar until the session is stored, so a reload or a followed link meanwhile
// still holds the code (decision 052). The routes meanwhile show the team page it lands on, as its
// HTML does; once the session is stored the address becomes that page's, replacing the link's
// entry (Back does not return to a spent link). A refused code shows the link's own page: the
// sign-in page saying 'Token is invalid', as for any refused token.
import { startTransition, useEffect, useState } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router';
import type { LoginLink } from '@/app/login-link';
import { useServices } from '@/app/services-context';
import type { SessionActor } from '@/machines/session.client';

type SessionSnapshot = ReturnType<SessionActor['getSnapshot']>;

/** Whether `address` is the page's login link (its entry is replaced once the link lands). */
function isLinkAddress(link: LoginLink | null, { pathname, search }: Pick<Location, 'pathname' | 'search'>) {
  return (
    link !== null && pathname === '/login' && new URLSearchParams(search).get('token')?.trim() === link.code
  );
}

/**
 * How the login the console started with the page's login link stands: 'landed' once the session
 * is signed in (the statechart stores the tokens as it enters loggedIn, before any observer hears
 * of it), 'refused' when the code was refused. The console sends that login before anything
 * subscribes, so the first settled session is its outcome.
 */
export function loginLinkOutcome(snapshot: SessionSnapshot): 'pending' | 'landed' | 'refused' {
  if (snapshot.hasTag('restoring') || snapshot.hasTag('loggingIn')) return 'pending';
  return snapshot.matches('loggedIn') ? 'landed' : 'refused';
}

/**
 * The location the routes render: the login link's team page while its login is on its way (or
 * has just landed, the address about to follow), the address itself otherwise.
 */
export function useRoutedLocation(): { location: Location; onLoginLink: boolean } {
  const { session, loginLink } = useServices();
  const location = useLocation();
  const navigate = useNavigate();
  const [refused, setRefused] = useState(false);
  const onLoginLink = !refused && isLinkAddress(loginLink, location);
  useEffect(() => {
    if (!onLoginLink || !loginLink) return;
    // In the session's own notification, beside the team area's reads of it: react-router's
    // navigation and this state change are transitions of the same event, rendered as one.
    const settle = (snapshot: SessionSnapshot) => {
      const outcome = loginLinkOutcome(snapshot);
      if (outcome === 'pending') return;
      subscription.unsubscribe();
      if (outcome === 'landed') navigate(loginLink.destination, { replace: true });
      else startTransition(() => setRefused(true));
    };
    const subscription = session.subscribe(settle);
    settle(session.getSnapshot());
    return () => subscription.unsubscribe();
  }, [onLoginLink, session, loginLink, navigate]);
  const routed =
    onLoginLink && loginLink
      ? { ...location, pathname: loginLink.destination, search: '', hash: '' }
      : location;
  return { location: routed, onLoginLink };
}
