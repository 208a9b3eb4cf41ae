import { DebugEsPage } from '@/routes/internal/debug-es.route';
import { PublicFilesUploadPage } from '@/routes/internal/public-files-upload.route';
import type { GroupPages } from '@/routes/route-table';

export const pages: GroupPages = {
  'public-files-upload': PublicFilesUploadPage,
  'debug-es': DebugEsPage,
};
