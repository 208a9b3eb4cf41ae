import { createBrowserRouter } from 'react-router';
import type { AppServices } from '@/app/services';
import { createLoginGuard } from '@/routes/login-guard';
import { loginRedirectPath } from '@/routes/login-redirect';
import { routeObjects } from '@/routes/route-objects';

export function createAppRouter(services: AppServices) {
  const router = createBrowserRouter(routeObjects({ requireLogin: createLoginGuard(services.session) }));
  // A 401 that survives the token refresh re-runs the auth flow from the page the user is on.
  services.setAuthFlow(() => {
    const { pathname, search, hash } = router.state.location;
    const here = new URL(`${pathname}${search}${hash}`, window.location.origin);
    router.navigate(loginRedirectPath(here));
  });
  return router;
}
