import { AuthPage } from '@/routes/auth/auth.route';
import { LoginPage } from '@/routes/auth/login.route';
import { SessionExpiredPage } from '@/routes/auth/session-expired.route';
import type { GroupPages } from '@/routes/route-table';

export const pages: GroupPages = {
  login: LoginPage,
  auth: AuthPage,
  'session-expired': SessionExpiredPage,
};
