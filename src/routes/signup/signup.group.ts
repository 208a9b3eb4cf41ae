import type { GroupPages } from '@/routes/route-groups';
import { WebLoginPage } from '@/routes/signup/web-login.route';

export const pages: GroupPages = {
  'web-login': WebLoginPage,
};
