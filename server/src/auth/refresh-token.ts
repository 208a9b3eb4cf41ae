import { createHash, randomBytes } from 'node:crypto';

/**
 * Refresh tokens are opaque: 'rt_' and 32 random bytes in base64url (43 characters). They contain no
 * dots, so they never decode as a JWT and the console can tell them from auth codes (spec section 4).
 */
export function generateRefreshToken(): string {
  return `rt_${randomBytes(32).toString('base64url')}`;
}

/** Only this hash is stored: a database leak does not hand out sessions. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
