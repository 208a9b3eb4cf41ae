// The console's routes rendered as the app renders them, for page tests: Mantine in test mode
// (no transitions, no portals), the app services, a memory router (the login guard included).
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  type NavigationType,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router';
import { Providers } from '@/app/providers';
import type { AppServices } from '@/app/services';
import { ServicesProvider } from '@/app/services-context';
import { ConsoleRoutes } from '@/routes/console-routes';
import { groupLoaders } from '@/routes/route-groups';

/** What a test reads of the memory router: where it is, how it got there, and a way to move. */
export interface ConsoleRouter {
  readonly state: { location: Location; historyAction: NavigationType };
  navigate(to: string): Promise<void>;
}

interface Probe {
  location?: Location;
  historyAction?: NavigationType;
  navigate?: NavigateFunction;
}

/** Reports the router's state to the test on every render. */
function RouterProbe({ probe }: { probe: Probe }) {
  probe.location = useLocation();
  probe.historyAction = useNavigationType();
  probe.navigate = useNavigate();
  return null;
}

/** Renders the console at `path`; `wrap` puts test-only providers around it. Answers the router. */
export function renderConsole(
  services: AppServices,
  path: string,
  wrap: (console: ReactNode) => ReactNode = (console) => console,
): ConsoleRouter {
  const probe: Probe = {};
  render(
    wrap(
      <Providers env="test">
        <ServicesProvider services={services}>
          <MemoryRouter initialEntries={[path]}>
            <RouterProbe probe={probe} />
            <ConsoleRoutes />
          </MemoryRouter>
        </ServicesProvider>
      </Providers>,
    ),
  );
  const rendered = <T,>(value: T | undefined): T => {
    if (value === undefined) throw new Error('renderConsole: the router has not rendered');
    return value;
  };
  return {
    get state() {
      return { location: rendered(probe.location), historyAction: rendered(probe.historyAction) };
    },
    navigate: (to) =>
      act(async () => {
        await rendered(probe.navigate)(to);
      }),
  };
}

/**
 * Loads every route group's chunk up front. Page tests are about routing and pages, not about how
 * fast a cold module graph (Mantine, the pages) transforms on a busy CI machine: call it in
 * `beforeAll` so the first test's findBy* does not race the first import.
 */
export async function preloadRouteGroups(): Promise<void> {
  await Promise.all(Object.values(groupLoaders).map((load) => load()));
}
