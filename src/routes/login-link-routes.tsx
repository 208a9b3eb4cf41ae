// The routes of a page opened from a login link (routes/login-link-address.ts): the team page it
// lands on while its code is exchanged, the address's page after. Only such a page renders this, so
// it comes with the team frame's chunk, which that page loads anyway (team.group.ts), rather than
// with the code every first visit carries.
import type { ReactNode } from 'react';
import { Routes } from 'react-router';
import { useRoutedLocation } from '@/routes/login-link-address';
import { OnLoginLinkContext } from '@/routes/on-login-link';

/** The console's routes (`children`) at the location the login link's page shows. */
export function LoginLinkRoutes({ children }: { children: ReactNode }) {
  const { location, onLoginLink } = useRoutedLocation();
  return (
    <OnLoginLinkContext.Provider value={onLoginLink}>
      <Routes location={location}>{children}</Routes>
    </OnLoginLinkContext.Provider>
  );
}
