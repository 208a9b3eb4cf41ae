// Page-view analytics (spec section 2): each navigation sends the route name and tid/uid to a
// pluggable sink. The default sink posts to the API server, which stores the events.
import type { ApiClient } from '@/api/client';

export interface PageView {
  route: string;
  tid: number | null;
  uid: number | null;
}

export type AnalyticsSink = (view: PageView) => void;

export const PAGE_VIEWS_PATH = '/api/v1/analytics/page-views';

/**
 * Fire and forget: analytics never shows an error to the user. Sent in a task of its own: a page
 * view is counted from the page's effects, in the task that commits the page, and setting the
 * request up there lengthened a first load's longest task.
 */
export function apiAnalyticsSink(api: ApiClient): AnalyticsSink {
  return (view) => {
    setTimeout(() => {
      api.post(PAGE_VIEWS_PATH, { auth: false, json: view }).catch(() => {});
    }, 0);
  };
}
