import { createBrowserRouter } from 'react-router';
import { routeObjects } from '@/routes/route-objects';

export function createAppRouter() {
  return createBrowserRouter(routeObjects());
}
