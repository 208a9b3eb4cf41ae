import { z } from 'zod';
import type { PublicFileRow } from '../db/repositories/public-files.repository';
import { toEpochSeconds } from '../db/repositories/time';

export const PUBLIC_FILES_PATH = '/api/v1/public-files/';

/** Spec section 3's Public file, plus where its preview image is (null without one). */
export const publicFileResponse = z.object({
  key: z.string(),
  name: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
  href: z.string(),
  previewHref: z.string().nullable(),
  expiresAt: z.number().int().nullable(),
  meta: z.object({ from: z.string() }),
  isPublic: z.boolean(),
});

/**
 * The file as its link shows it. The download addresses carry the secret the caller presented (they
 * already hold it), so the page can link to them as they are.
 */
export function toPublicFile(row: PublicFileRow, secret: string): z.input<typeof publicFileResponse> {
  const base = `${PUBLIC_FILES_PATH}${row.key}`;
  const query = `?s=${encodeURIComponent(secret)}`;
  return {
    key: row.key,
    name: row.name,
    size: Number(row.size),
    mimeType: row.mimeType,
    href: `${base}/download${query}`,
    previewHref: row.previewStorageKey ? `${base}/download-preview${query}` : null,
    expiresAt: toEpochSeconds(row.expiresAt),
    meta: { from: row.sender },
    isPublic: true,
  };
}
