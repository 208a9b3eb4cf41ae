import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AuthFlowBridge } from '@/app/auth-flow';
import { Providers } from '@/app/providers';
import type { AppServices } from '@/app/services';
import { ServicesProvider } from '@/app/services-context';
import { ConsoleRoutes } from '@/routes/console-routes';
import { startRouteLoads } from '@/routes/loads/start-route-loads';

// react-router's declarative mode (decision 004): the data router's loaders, lazy route objects
// and matches API weigh about 16 KB gz on every first visit, and the console needs none of them.
// Its loaders' part, first-load data declared with the routes, is the console's own (decision 048).
export function App({ services }: { services: AppServices }) {
  return (
    <Providers>
      <ServicesProvider services={services}>
        <BrowserRouter>
          <AppRoutes services={services} />
        </BrowserRouter>
      </ServicesProvider>
    </Providers>
  );
}

/** What the router holds: the build's prerender renders the same inside a static router. */
export function AppRoutes({ services }: { services: AppServices }) {
  return (
    <>
      <AuthFlowBridge services={services} />
      <ConsoleRoutes />
    </>
  );
}

/**
 * Starts the console in `root`: first the data the route table declares for the address it opens on
 * (routes/loads/), asked for now, beside the memberships and before the page's chunks are in; then
 * the first render.
 */
export function startConsole(root: HTMLElement, services: AppServices, location: Location = window.location) {
  // A login link's page shows the team page it lands on (routes/login-link-address.ts).
  startRouteLoads(
    services,
    services.loginLink ? { pathname: services.loginLink.destination, search: '' } : location,
  );
  // The first render in a transition: React renders it in slices of about 5 ms instead of one long
  // task, so the page's start-up does not block the main thread (Lighthouse's TBT; decision 028).
  const app = (
    <StrictMode>
      <App services={services} />
    </StrictMode>
  );
  // A page the build prerendered (src/prerender/) arrives painted: React takes over its HTML.
  startTransition(() => {
    if (root.hasChildNodes()) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}
