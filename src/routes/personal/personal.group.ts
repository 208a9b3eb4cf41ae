import { PlaceholderPage } from '@/routes/placeholder';
import type { GroupPages } from '@/routes/route-groups';

// Placeholders until their issues build these pages.
export const pages: GroupPages = {
  profile: PlaceholderPage,
  'pb-portal': PlaceholderPage,
  'pb-setup': PlaceholderPage,
  'pb-trial': PlaceholderPage,
  'pb-products': PlaceholderPage,
  'pb-result': PlaceholderPage,
};
