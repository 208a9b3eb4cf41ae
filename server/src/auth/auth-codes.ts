import { randomUUID } from 'node:crypto';
import type { Db } from '../db/db';
import { createRepositories } from '../db/repositories';
import { TokenInvalidError } from '../errors';
import { AUTH_CODE_TTL_SECONDS } from './token-policy';
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
 */
export async function redeemAuthCode(
  repos: ReturnType<typeof createRepositories>,
  signer: TokenSigner,
  code: string,
): Promise<number> {
  const claims = await signer.verifyAuthCode(code);
  if (!claims) throw new TokenInvalidError();
  const accountId = await repos.authCodes.consume(claims.jti);
  if (accountId === null || accountId !== claims.uid) throw new TokenInvalidError();
  return accountId;
}
