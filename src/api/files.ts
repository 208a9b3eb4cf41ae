// Public files and images (spec section 7).

import type { ApiClient, UploadOptions } from '@/api/client';
import type { PublicFile } from '@/domain/entities';

export interface FileUpload {
  /** Sent as the JSON part `info`. */
  info: Record<string, unknown>;
  file: Blob;
  preview?: Blob | null;
}

const publicFilePath = (id: string) => `/api/v1/public-files/${encodeURIComponent(id)}`;

/**
 * Uploads a file shared by the secret `s` (multipart: info first, so the server reads it before the
 * bytes, then file and the optional preview), reporting progress as the browser sends it.
 */
export function uploadFile(
  api: ApiClient,
  secret: string,
  upload: FileUpload,
  progress: Pick<UploadOptions, 'onProgress' | 'signal'> = {},
) {
  const body = new FormData();
  body.set('info', JSON.stringify(upload.info));
  body.set('file', upload.file);
  if (upload.preview) body.set('preview', upload.preview);
  return api.upload<PublicFile>('/api/v1/files', { searchParams: { s: secret }, body, ...progress });
}

export const getPublicFile = (api: ApiClient, id: string, secret: string) =>
  api.get<PublicFile>(publicFilePath(id), { auth: false, searchParams: { s: secret } });

export const publicFileDownloadUrl = (api: ApiClient, id: string, secret: string) =>
  api.url(`${publicFilePath(id)}/download`, { s: secret });

export const publicFilePreviewUrl = (api: ApiClient, id: string, secret: string) =>
  api.url(`${publicFilePath(id)}/download-preview`, { s: secret });

/** Image URL of a user's or team's avatar id. */
export const avatarUrl = (api: ApiClient, avatar: string) =>
  api.url(`/api/v1/avatars/${encodeURIComponent(avatar)}`);
