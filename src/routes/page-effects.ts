// What every shown page does with the document: its title, and one page-view event per navigation.
// Run by the page's screen, so a page a guard turns away (or a bare path that is replaced) counts
// neither, as when route loaders redirected before anything rendered.
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { documentTitle } from '@/app/config';
import { useServices } from '@/app/services-context';
import { parseTeamUserRef } from '@/domain/team-user-ref';
import type { RouteMeta } from '@/routes/route-table';

/** `{title} – Spark Teams Console`, or the product name alone for null. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/** One page-view event per navigation, with the route name and the team user of the path. */
function usePageViews(routeName: string) {
  const { trackPageView } = useServices();
  const { teamUser } = useParams();
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one event per navigation (location.key), not per render
  useEffect(() => {
    const ref = teamUser ? parseTeamUserRef(teamUser) : null;
    trackPageView({ route: routeName, tid: ref?.teamId ?? null, uid: ref?.userId ?? null });
  }, [location.key]);
}

/** A page's title and page views; renders nothing. */
export function PageEffects({ route }: { route: RouteMeta }) {
  useDocumentTitle(route.title);
  usePageViews(route.name);
  return null;
}
