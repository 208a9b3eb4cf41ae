import { AcceptInvitationPage } from '@/routes/public/accept-invitation.route';
import type { GroupPages } from '@/routes/route-table';

// A chunk of its own: a visitor from an invitation mail loads only this page (the size budgets).
export const pages: GroupPages = {
  'accept-invitation': AcceptInvitationPage,
};
