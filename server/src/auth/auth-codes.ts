import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../db/db';
import { createRepositories } from '../db/repositories';
import { TokenInvalidError } from '../errors';
import { AUTH_CODE_RETRY_GRACE_SECONDS, AUTH_CODE_TTL_SECONDS } from './token-policy';
import type { TokenSigner } from './tokens';

/**
 * A fresh one-time auth code for an account: a signed JWT (kind 'auth_code', uid, jti) plus a row
 * that makes it single-use.
 */
export async function issueAuthCode(
  db: Db,
  signer: TokenSigner,
  accountId: number,
  ttlSeconds: number = AUTH_CODE_TTL_SECONDS,
): Promise<string> {
  const jti = randomUUID();
  const expiresAt = Math.floor(Date.now() / 1000) + ttlSeconds;
  await createRepositories(db).authCodes.create({ jti, accountId, expiresAt: new Date(expiresAt * 1000) });
  return signer.signAuthCode({ uid: accountId, jti }, expiresAt);
}

/**
 * Spends an auth code inside the caller's transaction and returns its account. Forged, malformed,
 * expired, unknown and already used codes all fail the same way: 401 with errorCode 1200.
 * The one exception is a retry: the same code with the same idempotency key as the exchange that spent
 * it, within AUTH_CODE_RETRY_GRACE_SECONDS (the console lost the first answer to a dropped connection).
 * The key is random per call and never part of a link, so a leaked link alone still works only once.
 */
export async function redeemAuthCode(
  repos: ReturnType<typeof createRepositories>,
  signer: TokenSigner,
  code: string,
  idempotencyKey: string | null = null,
): Promise<number> {
  const claims = await signer.verifyAuthCode(code);
  if (!claims) throw new TokenInvalidError();
  const keyHash = idempotencyKey ? createHash('sha256').update(idempotencyKey).digest('hex') : null;
  const accountId = await repos.authCodes.consume(claims.jti, keyHash, AUTH_CODE_RETRY_GRACE_SECONDS);
  if (accountId === null || accountId !== claims.uid) throw new TokenInvalidError();
  return accountId;
}
