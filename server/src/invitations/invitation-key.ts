import { createHash, randomBytes } from 'node:crypto';

export interface InvitationKey {
  /** Goes into the mail's link only. */
  key: string;
  /** What the database keeps. */
  hash: string;
}

/** The form of a key newInvitationKey makes; anything else can never be one. */
export function isInvitationKeyFormat(key: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(key);
}

/** sha256 of the key, hex: a leaked table does not reveal working links. */
export function hashInvitationKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** 32 random bytes, base64url (43 characters): unguessable. */
export function newInvitationKey(): InvitationKey {
  const key = randomBytes(32).toString('base64url');
  return { key, hash: hashInvitationKey(key) };
}

/** `{publicUrl}/accept-invitation?key=...`, keeping any path prefix of the base URL. */
export function acceptInvitationUrl(publicUrl: string, key: string): string {
  const url = new URL('accept-invitation', publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`);
  url.searchParams.set('key', key);
  return url.toString();
}
