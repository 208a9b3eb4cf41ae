import { createHmac, type KeyObject, timingSafeEqual } from 'node:crypto';

// Verifying an access token is on every authenticated request. jose verifies through WebCrypto, whose
// HMAC is an async job per call (a promise and a hand-off to libuv's thread pool): about 10% of a
// server's CPU under load (docs/decisions/012-api-request-path.md). node:crypto's HMAC over a
// 200-byte token is a few microseconds, done in place. Signing stays with jose (rare: sign-in, refresh).
// The key is a KeyObject: given raw bytes, Node 24's createHmac first tries them as a KeyObject and as a
// CryptoKey, and each try throws and catches an error with its stack, several times the HMAC itself.

const ALGORITHM = 'HS256';

function decodeJsonObject(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The claims of a compact HS256 JWT signed with `secret`, or null: the same answers as jose's
 * jwtVerify with `algorithms: ['HS256']` for the tokens this server signs (header alg HS256 and no
 * `crit`; signature compared in constant time; exp required and in the future; nbf, when present,
 * reached; iat, when present, a number). Anything else (alg none, another algorithm, a forged or
 * re-encoded signature, garbage) is null. `secret`: the key from `createSecretKey`, made once.
 */
export function verifyHs256(
  token: string,
  secret: KeyObject,
  nowSeconds: number,
): Record<string, unknown> | null {
  const firstDot = token.indexOf('.');
  const secondDot = token.indexOf('.', firstDot + 1);
  if (firstDot <= 0 || secondDot <= firstDot + 1 || token.indexOf('.', secondDot + 1) !== -1) return null;
  const signed = token.slice(0, secondDot);
  const signaturePart = token.slice(secondDot + 1);
  const header = decodeJsonObject(token.slice(0, firstDot));
  if (!header || header.alg !== ALGORITHM || 'crit' in header) return null;
  const signature = Buffer.from(signaturePart, 'base64url');
  // Node's base64url decoder skips characters it does not know: only the canonical spelling counts,
  // so one signature has one token.
  if (signature.toString('base64url') !== signaturePart) return null;
  const expected = createHmac('sha256', secret).update(signed).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  const payload = decodeJsonObject(token.slice(firstDot + 1, secondDot));
  if (!payload) return null;
  if (typeof payload.exp !== 'number' || payload.exp <= nowSeconds) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > nowSeconds)) return null;
  if (payload.iat !== undefined && typeof payload.iat !== 'number') return null;
  return payload;
}
