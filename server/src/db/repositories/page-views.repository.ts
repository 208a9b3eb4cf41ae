import type { Queryable } from '../db';

export interface PageView {
  route: string;
  teamId: number | null;
  teamUserId: number | null;
}

export function createPageViewsRepository(db: Queryable) {
  return {
    async record(view: PageView): Promise<void> {
      await db.query('INSERT INTO analytics_page_views (route, team_id, team_user_id) VALUES ($1, $2, $3)', [
        view.route,
        view.teamId,
        view.teamUserId,
      ]);
    },
  };
}

export type PageViewsRepository = ReturnType<typeof createPageViewsRepository>;
