import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import type { AppServices } from '@/app/services';
import { startRouteLoads } from '@/routes/loads/start-route-loads';

/**
 * Starts the console in `root`: first the data the route table declares for the address it opens on
 * (routes/loads/), asked for now, beside the memberships and before the page's chunks are in; then
 * the first render.
 */
export function startConsole(root: HTMLElement, services: AppServices, location: Location = window.location) {
  startRouteLoads(services, location);
  // The first render in a transition: React renders it in slices of about 5 ms instead of one long
  // task, so the page's start-up does not block the main thread (Lighthouse's TBT; decision 028).
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App services={services} />
      </StrictMode>,
    ),
  );
}
