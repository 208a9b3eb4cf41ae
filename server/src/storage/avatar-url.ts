/** Where GET /api/v1/avatars/{avatar} serves stored images from. */
export const AVATARS_PATH = '/api/v1/avatars/';

/**
 * The API's logo/avatar value for a stored key: a path on this server, or null. The database keeps
 * the bare storage key, so the old file can be deleted when an image is replaced or removed.
 */
export function avatarUrl(key: string | null): string | null {
  return key === null ? null : `${AVATARS_PATH}${key}`;
}
