// A login link's address (`/login?token=...`, answered with the frame of the team page it lands on)
// stays in the address bar until the session is stored, so a reload or a followed link meanwhile
// still holds the code (decision 051). The routes meanwhile show the team page it lands on, as its
// HTML does; once the session is stored the address becomes that page's, replacing the link's
// entry (Back does not return to a spent link). A refused code shows the link's own page: the
// sign-in page saying 'Token is invalid', as for any refused token.
import { startTransition, useEffect, useState } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router';
import type { LoginLink } from '@/app/login-link';
import { useServices } from '@/app/services-context';

/** Whether `address` is the page's login link (its entry is replaced once the link lands). */
function isLinkAddress(link: LoginLink | null, { pathname, search }: Pick<Location, 'pathname' | 'search'>) {
  return (
    link !== null && pathname === '/login' && new URLSearchParams(search).get('token')?.trim() === link.code
  );
}

/** Whether the address bar still holds the page's login link (its code not yet signed in with). */
export function onLoginLinkAddress(link: LoginLink | null): boolean {
  return isLinkAddress(link, window.location);
}

/**
 * The location the routes render: the login link's team page while its login is on its way (or
 * has just landed, the address about to follow), the address itself otherwise.
 */
export function useRoutedLocation(): Location {
  const { loginLink, loginLinkLanded } = useServices();
  const location = useLocation();
  const navigate = useNavigate();
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    if (!loginLink || !loginLinkLanded) return;
    let live = true;
    loginLinkLanded.then((signedIn) => {
      if (!live || !onLoginLinkAddress(loginLink)) return;
      // In a transition, as react-router's own navigations: the page renders in slices.
      if (signedIn) navigate(loginLink.destination, { replace: true });
      else startTransition(() => setRefused(true));
    });
    return () => {
      live = false;
    };
  }, [loginLink, loginLinkLanded, navigate]);
  if (refused || !loginLink || !isLinkAddress(loginLink, location)) return location;
  return { ...location, pathname: loginLink.destination, search: '', hash: '' };
}
