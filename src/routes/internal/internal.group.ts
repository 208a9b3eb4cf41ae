import { DebugEsPage } from '@/routes/internal/debug-es.route';
import { PlaceholderPage } from '@/routes/placeholder';
import type { GroupPages } from '@/routes/route-groups';

// Placeholders until their issues build these pages.
export const pages: GroupPages = {
  'public-files-upload': PlaceholderPage,
  'debug-es': DebugEsPage,
};
