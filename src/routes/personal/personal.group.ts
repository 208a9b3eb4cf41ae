import { PortalPage, SetupPage, TrialPage } from '@/routes/personal/personal-redirect.route';
import { ProductsPage } from '@/routes/personal/products.route';
import { ProfilePage } from '@/routes/personal/profile.route';
import { ResultPage } from '@/routes/personal/result.route';
import type { GroupPages } from '@/routes/route-table';

export const pages: GroupPages = {
  profile: ProfilePage,
  'pb-portal': PortalPage,
  'pb-setup': SetupPage,
  'pb-trial': TrialPage,
  'pb-products': ProductsPage,
  'pb-result': ResultPage,
};
