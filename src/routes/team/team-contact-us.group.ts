import type { GroupPages } from '@/routes/route-table';
import { ContactUsPage } from '@/routes/team/contact-us.route';

export const pages: GroupPages = {
  'team-contact-us': ContactUsPage,
};
