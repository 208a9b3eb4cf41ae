import type { GroupPages } from '@/routes/route-table';
import { BillingPage } from '@/routes/team/billing.route';

export const pages: GroupPages = {
  'team-billing': BillingPage,
};
