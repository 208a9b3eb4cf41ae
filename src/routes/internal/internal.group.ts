import { PublicFilesUploadPage } from '@/routes/internal/public-files-upload.route';
import { PlaceholderPage } from '@/routes/placeholder';
import type { GroupPages } from '@/routes/route-groups';

// Placeholders until their issues build these pages.
export const pages: GroupPages = {
  'public-files-upload': PublicFilesUploadPage,
  'debug-es': PlaceholderPage,
};
