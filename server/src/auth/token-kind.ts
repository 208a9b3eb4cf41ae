import { decodeTokenClaims } from '@domain/auth-token';

/**
 * What a token claims to be, read without verifying it: 'auth_code' for a login code, 'access' for an
 * access token, null for anything that is not a JWT (refresh tokens). The console relies on the same
 * rule (src/domain/auth-token.ts); tests keep the two sides in step.
 */
export function decodeTokenKind(token: string): string | null {
  return decodeTokenClaims(token)?.kind ?? null;
}
