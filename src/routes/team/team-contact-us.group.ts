import type { GroupPages } from '@/routes/route-groups';
import { ContactUsPage } from '@/routes/team/contact-us.route';

export const pages: GroupPages = {
  'team-contact-us': ContactUsPage,
};
