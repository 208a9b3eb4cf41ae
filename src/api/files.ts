// Public files and images (spec section 7).

import type { ApiClient } from '@/api/client';
import { publicFilePath } from '@/api/public-file';
import type { UploadProgress, xhrUpload } from '@/api/xhr-upload';
import type { PublicFile } from '@/domain/entities';

export { getPublicFile } from '@/api/public-file';

export interface FileUpload {
  /** Sent as the JSON part `info`. */
  info: Record<string, unknown>;
  file: Blob;
  preview?: Blob | null;
}

export interface UploadControl {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** The transport; XMLHttpRequest (xhr-upload.ts), loaded on first use. Tests pass a stand-in. */
  send?: typeof xhrUpload;
}

/**
 * Uploads a file shared by the secret `s` (multipart: info first, so the server reads it before the
 * bytes, then file and the optional preview), reporting progress as the browser sends it. Through
 * XMLHttpRequest, because fetch cannot report upload progress over HTTP/1.1; never retried, so a
 * multi-gigabyte body is not sent again behind the user's back.
 */
export async function uploadFile(
  api: ApiClient,
  secret: string,
  upload: FileUpload,
  { send, ...control }: UploadControl = {},
): Promise<PublicFile> {
  const body = new FormData();
  body.set('info', JSON.stringify(upload.info));
  body.set('file', upload.file);
  if (upload.preview) body.set('preview', upload.preview);
  // Loaded when first used: only the internal upload page sends files, so no first visit carries it.
  const transport = send ?? (await import('@/api/xhr-upload')).xhrUpload;
  const url = api.url('/api/v1/files', { s: secret });
  return api.withToken((token) =>
    transport<PublicFile>({
      url,
      body,
      ...control,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    }),
  );
}

export const publicFileDownloadUrl = (api: ApiClient, id: string, secret: string) =>
  api.url(`${publicFilePath(id)}/download`, { s: secret });

export const publicFilePreviewUrl = (api: ApiClient, id: string, secret: string) =>
  api.url(`${publicFilePath(id)}/download-preview`, { s: secret });

/** Image URL of a user's or team's avatar id. */
export const avatarUrl = (api: ApiClient, avatar: string) =>
  api.url(`/api/v1/avatars/${encodeURIComponent(avatar)}`);
