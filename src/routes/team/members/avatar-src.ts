import type { ApiClient } from '@/api/client';

/**
 * The picture URL of a stored avatar. The server names a picture by its path
 * (`/api/v1/avatars/{avatar}`); a bare avatar id is put under that path.
 */
export function avatarSrc(api: Pick<ApiClient, 'url'>, avatar: string | null): string | null {
  if (!avatar) return null;
  if (/^(?:https?:|data:|blob:)/u.test(avatar)) return avatar;
  const path = avatar.startsWith('/') ? avatar : `/api/v1/avatars/${encodeURIComponent(avatar)}`;
  return api.url(path);
}
