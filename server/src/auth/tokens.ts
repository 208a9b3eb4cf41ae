import { createSecretKey } from 'node:crypto';
import { AUTH_CODE_KIND } from '@domain/auth-token';
import { SignJWT } from 'jose';
import { verifyHs256 } from './hs256';
import { ACCESS_TOKEN_TTL_SECONDS, AUTH_CODE_TTL_SECONDS } from './token-policy';
import { createVerifiedTokens } from './verified-tokens';

const ACCESS_KIND = 'access';
const ALGORITHM = 'HS256';

export interface AccessClaims {
  uid: number;
  sid: number;
}

export interface AuthCodeClaims {
  uid: number;
  jti: string;
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Signs and verifies the two JWT kinds. The `kind` claim keeps them apart: an auth code is never
 * accepted as an access token and the other way round. Refresh tokens are not JWTs (see refresh-token).
 */
export function createTokenSigner(secret: Uint8Array) {
  // Imported once: given the raw bytes, jose imports the key into WebCrypto again on every call, which
  // was a visible share of each authenticated request's CPU time.
  const keyPromise = crypto.subtle.importKey(
    'raw',
    Uint8Array.from(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // Never an unhandled rejection: the first sign reports it.
  keyPromise.catch(() => {});
  // Verification runs on every authenticated request, synchronously (see hs256.ts).
  const verifyKey = createSecretKey(Uint8Array.from(secret));
  // A console sends the same access token with every call until it refreshes it.
  const verifiedAccess = createVerifiedTokens();

  async function sign(claims: Record<string, unknown>, expiresAt: number, jti?: string): Promise<string> {
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' }).setIssuedAt();
    if (jti) jwt.setJti(jti);
    return jwt.setExpirationTime(expiresAt).sign(await keyPromise);
  }

  // Malformed, forged, expired, of another kind: all the same to the caller.
  async function verify(token: string, kind: string): Promise<Record<string, unknown> | null> {
    const payload = verifyHs256(token, verifyKey, nowSeconds());
    return payload?.kind === kind ? payload : null;
  }

  return {
    /** @param ttlSeconds overridable so tests can mint already-expired tokens. */
    async signAccessToken(claims: AccessClaims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) {
      const expiresAt = nowSeconds() + ttlSeconds;
      const token = await sign({ kind: ACCESS_KIND, uid: claims.uid, sid: claims.sid }, expiresAt);
      return { token, expiresAt };
    },

    async verifyAccessToken(token: string): Promise<AccessClaims | null> {
      const now = nowSeconds();
      const known = verifiedAccess.get(token, now);
      if (known) return { uid: known.uid, sid: known.sid };
      const payload = verifyHs256(token, verifyKey, now);
      if (payload?.kind !== ACCESS_KIND || !isId(payload.uid) || !isId(payload.sid)) return null;
      // verifyHs256 required a numeric exp in the future.
      verifiedAccess.add(token, { uid: payload.uid, sid: payload.sid, exp: payload.exp as number });
      return { uid: payload.uid, sid: payload.sid };
    },

    async signAuthCode(claims: AuthCodeClaims, expiresAt: number = nowSeconds() + AUTH_CODE_TTL_SECONDS) {
      return sign({ kind: AUTH_CODE_KIND, uid: claims.uid }, expiresAt, claims.jti);
    },

    async verifyAuthCode(token: string): Promise<AuthCodeClaims | null> {
      const payload = await verify(token, AUTH_CODE_KIND);
      if (!payload || !isId(payload.uid) || typeof payload.jti !== 'string') return null;
      return { uid: payload.uid, jti: payload.jti };
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
