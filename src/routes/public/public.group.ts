import { PlaceholderPage } from '@/routes/placeholder';
import type { GroupPages } from '@/routes/route-groups';

// Placeholders until their issues build these pages.
export const pages: GroupPages = {
  'back-to-app': PlaceholderPage,
  'accept-invitation': PlaceholderPage,
};
