// Reads the claims of a token without verifying it. The console only needs to know what kind of
// token it holds (spec section 4): a one-time auth code is exchanged, anything else is a refresh
// token. Verification is the server's job.

export interface TokenClaims {
  kind?: string;
  uid?: number;
  exp?: number;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The JWT payload of `token`, or null when it is not a JWT with a JSON object payload. */
export function decodeTokenClaims(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]));
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
    const { kind, uid, exp } = payload as Record<string, unknown>;
    return {
      kind: typeof kind === 'string' ? kind : undefined,
      uid: typeof uid === 'number' ? uid : undefined,
      exp: typeof exp === 'number' ? exp : undefined,
    };
  } catch {
    return null;
  }
}

export const AUTH_CODE_KIND = 'auth_code';

export function isAuthCode(token: string): boolean {
  return decodeTokenClaims(token)?.kind === AUTH_CODE_KIND;
}

/** The account id a token names, when it names one. */
export function tokenUid(token: string): number | null {
  return decodeTokenClaims(token)?.uid ?? null;
}
