// The console's routes rendered as the app renders them, for page tests: Mantine in test mode
// (no transitions, no portals), the app services, a memory router with the login guard.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '@/app/providers';
import type { AppServices } from '@/app/services';
import { ServicesProvider } from '@/app/services-context';
import { createLoginGuard } from '@/routes/login-guard';
import { groupLoaders } from '@/routes/route-groups';
import { routeObjects } from '@/routes/route-objects';

/** Renders the console at `path`; `wrap` puts test-only providers around it. Answers the router. */
export function renderConsole(
  services: AppServices,
  path: string,
  wrap: (console: ReactNode) => ReactNode = (console) => console,
) {
  const router = createMemoryRouter(routeObjects({ requireLogin: createLoginGuard(services.session) }), {
    initialEntries: [path],
  });
  render(
    wrap(
      <Providers env="test">
        <ServicesProvider services={services}>
          <RouterProvider router={router} />
        </ServicesProvider>
      </Providers>,
    ),
  );
  return router;
}

/**
 * Loads every route group's chunk up front. Page tests are about routing and pages, not about how
 * fast a cold module graph (Mantine, the pages) transforms on a busy CI machine: call it in
 * `beforeAll` so the first test's findBy* does not race the first import.
 */
export async function preloadRouteGroups(): Promise<void> {
  await Promise.all(Object.values(groupLoaders).map((load) => load()));
}
