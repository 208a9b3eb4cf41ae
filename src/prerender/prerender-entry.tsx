// The build's prerender (scripts/vite-prerender.ts builds this module for Node and calls it): each
// page of prerendered-pages.ts rendered to HTML with React's static API, the same tree the console
// hydrates (app/app.tsx), in a static router at the page's address, with services that reach no
// network. A page's first render is its frame: what the build cannot know (a file, a key's team)
// the page shows as loading, hydrated as it is and filled in after (use-hydrated.ts).
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from '@/app/app';
import { documentTitle, renderWithSettings } from '@/app/config';
import { Providers } from '@/app/providers';
import { createAppServices } from '@/app/services';
import { ServicesProvider } from '@/app/services-context';
import type { SessionStore } from '@/app/session-storage';
import { type PrerenderedPage, prerenderedPages } from '@/prerender/prerendered-pages';
import { type RouteName, routeMeta, routeTable } from '@/routes/route-table';

/** No visitor is signed in on a prerendered page. */
const noSession: SessionStore = {
  load: () => null,
  save: () => {},
  clear: () => {},
  subscribe: () => () => {},
};

const noNetwork: typeof fetch = () => Promise.reject(new Error('The prerender reaches no network.'));

export interface RenderedPage extends PrerenderedPage {
  /** The page's first render: what goes inside #root. */
  html: string;
  /** The document title the page sets. */
  title: string;
  /** The route groups whose chunks the page loads (a team page's frame's too): their styles paint it. */
  groups: string[];
}

async function renderPage(page: PrerenderedPage): Promise<RenderedPage> {
  renderWithSettings(page.signInProviders ? JSON.stringify({ signInProviders: page.signInProviders }) : null);
  const services = createAppServices({ store: noSession, fetch: noNetwork });
  // An error under a Suspense boundary does not fail React's prerender: the boundary's fallback
  // (a loading screen) goes into the HTML instead of the page, and the build would ship it.
  const errors: unknown[] = [];
  try {
    const { prelude } = await prerender(
      <StrictMode>
        <Providers>
          <ServicesProvider services={services}>
            <StaticRouter location={page.url}>
              <AppRoutes services={services} />
            </StaticRouter>
          </ServicesProvider>
        </Providers>
      </StrictMode>,
      { onError: (error) => void errors.push(error) },
    );
    if (errors.length > 0) throw new Error(`${page.url}: the prerender failed`, { cause: errors[0] });
    const html = await new Response(prelude).text();
    const route = routeMeta(page.route as RouteName);
    const groups = route.layout === 'team' ? [routeMeta('team').group, route.group] : [route.group];
    return { ...page, html, title: documentTitle(route.title), groups };
  } finally {
    services.stop();
    renderWithSettings(null);
  }
}

/** Every prerendered page, one after another (the settings a page renders with are module state). */
export async function renderPages(): Promise<RenderedPage[]> {
  const pages: RenderedPage[] = [];
  for (const page of prerenderedPages) pages.push(await renderPage(page));
  return pages;
}

/** Every route's path pattern but the catch-all's: what the server answers with the console itself. */
export function consolePaths(): string[] {
  return routeTable.map((route) => route.path).filter((path) => path !== '*');
}
