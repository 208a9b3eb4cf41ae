import { createHash, timingSafeEqual } from 'node:crypto';

/** Spec section 9: the link's secret is 43 random alphanumerics plus '='. */
export const SECRET_PATTERN = /^[A-Za-z0-9]{43}=$/;

/** What the server keeps of a secret: its sha256, so a database leak hands out no links. */
export function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/**
 * Whether a presented secret is the one stored. Both sides are fixed-length hashes compared in
 * constant time, so response timing says nothing about how much of a guess was right.
 */
export function secretMatches(secret: string, storedHash: Uint8Array): boolean {
  const stored = Buffer.from(storedHash);
  const given = hashSecret(secret);
  return stored.length === given.length && timingSafeEqual(stored, given);
}
