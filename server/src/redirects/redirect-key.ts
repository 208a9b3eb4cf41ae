import { createHash, randomBytes } from 'node:crypto';
import { safeRedirectTarget } from '@domain/app-link';
import type { Clock } from '../clock';
import type { Queryable } from '../db/db';
import { createRepositories } from '../db/repositories';

/** A redirect key works for 10 minutes unless its maker says otherwise. */
export const REDIRECT_KEY_TTL_MS = 10 * 60 * 1000;

/** 32 random bytes, base64url: what the console's /back-to-app?key= carries. */
const KEY_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export function isRedirectKeyFormat(key: string): boolean {
  return KEY_FORMAT.test(key);
}

/** sha256 of the key, hex: a leaked table does not reveal working links. */
export function hashRedirectKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * Stores a one-time redirect to `url` (the app's deep link or a path of this console; anything else
 * throws, so no caller can make an open redirect) and returns the key for /back-to-app?key=.
 * Runs on `db`, which may be a transaction, so the key commits with whatever made it.
 */
export async function createRedirectKey(
  db: Queryable,
  clock: Clock,
  url: string,
  ttlMs: number = REDIRECT_KEY_TTL_MS,
): Promise<string> {
  if (safeRedirectTarget(url) !== url)
    throw new Error('a redirect key may only lead to the app or this console');
  const key = randomBytes(32).toString('base64url');
  const now = clock.now();
  await createRepositories(db).redirects.create({
    keyHash: hashRedirectKey(key),
    url,
    now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return key;
}

/** The url behind a key, once: null when malformed, unknown, used or expired. */
export function consumeRedirectKey(db: Queryable, clock: Clock, key: string): Promise<string | null> {
  if (!isRedirectKeyFormat(key)) return Promise.resolve(null);
  return createRepositories(db).redirects.consume(hashRedirectKey(key), clock.now());
}

/** `{publicUrl}/back-to-app?key=...`, keeping any path prefix of the base URL. */
export function backToAppUrl(publicUrl: string, key: string): string {
  const url = new URL('back-to-app', publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`);
  url.searchParams.set('key', key);
  return url.toString();
}
