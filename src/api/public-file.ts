// The public file a visitor's link names (spec section 7, GET /api/v1/public-files/{id}?s=, no auth).
// Apart from files.ts: every first visit carries it (the route table declares its load, decision 040).
import type { ApiClient } from '@/api/client';
import type { PublicFile } from '@/domain/entities';

export const publicFilePath = (id: string) => `/api/v1/public-files/${encodeURIComponent(id)}`;

export const getPublicFile = (api: ApiClient, id: string, secret: string, signal?: AbortSignal) =>
  api.get<PublicFile>(publicFilePath(id), { auth: false, searchParams: { s: secret }, signal });
