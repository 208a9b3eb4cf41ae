import type { ApiClient } from '@/api/client';

/** Where a /back-to-app?key= redirect leads; no login needed. The answer's shape is not in the spec. */
export const getRedirect = (api: ApiClient, key: string) =>
  api.get<{ url: string }>(`/api/v1/redirects/${encodeURIComponent(key)}`, { auth: false });
