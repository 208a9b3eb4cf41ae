import { useEffect } from 'react';
import { isRouteErrorResponse, Outlet, useNavigate, useRouteError } from 'react-router';
import { documentTitle } from '@/app/config';
import { useCurrentRoute } from '@/routes/current-route';
import { PublicFrame } from '@/routes/public-layout.route';
import { pathTo } from '@/routes/route-table';
import { AppError } from '@/ui/AppError';
import { NotFound } from '@/ui/NotFound';

function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/** The root of every page: keeps the document title in step with the route. */
export function RootRoute() {
  const route = useCurrentRoute();
  useDocumentTitle(route?.title);
  return <Outlet />;
}

/** Errors no page handled: a 404 thrown by a loader (bad path params) or a failure to load a page. */
export function RootError() {
  const error = useRouteError();
  const navigate = useNavigate();
  useDocumentTitle(null);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <PublicFrame from="not-found">
        <NotFound homeHref={pathTo('home')} onNavigate={(href) => navigate(href)} />
      </PublicFrame>
    );
  }
  const message = error instanceof Error ? error.message : 'Unknown error';
  return (
    <PublicFrame from="console">
      <AppError message={message} onReload={() => window.location.reload()} />
    </PublicFrame>
  );
}
