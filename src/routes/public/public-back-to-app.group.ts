import { BackToAppPage } from '@/routes/public/back-to-app.route';
import type { GroupPages } from '@/routes/route-table';

// A chunk of its own: a visitor back from checkout loads only this page (the size budgets).
export const pages: GroupPages = {
  'back-to-app': BackToAppPage,
};
