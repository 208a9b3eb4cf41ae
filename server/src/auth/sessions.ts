import { randomUUID } from 'node:crypto';
import type { Tokens } from '@domain/entities';
import type { Db } from '../db/db';
import { createRepositories, type Repositories } from '../db/repositories';
import type { DeviceInfo } from '../db/repositories/sessions.repository';
import { TokenInvalidError } from '../errors';
import { type CheckoutEnder, redeemAuthCode, requireEndedCheckout } from './auth-codes';
import { generateRefreshToken, hashRefreshToken } from './refresh-token';
import { REFRESH_GRACE_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from './token-policy';
import type { TokenSigner } from './tokens';

async function issueTokens(
  repos: Repositories,
  signer: TokenSigner,
  session: { accountId: number; familyId: string; device: DeviceInfo },
): Promise<{ tokens: Tokens; sessionId: number }> {
  const refreshToken = generateRefreshToken();
  const sessionId = await repos.sessions.create({
    ...session,
    tokenHash: hashRefreshToken(refreshToken),
    ttlSeconds: REFRESH_TOKEN_TTL_SECONDS,
  });
  const access = await signer.signAccessToken({ uid: session.accountId, sid: sessionId });
  return { tokens: { refreshToken, accessToken: access.token, expiresAt: access.expiresAt }, sessionId };
}

/**
 * POST /api/v2/auth/code: spends the code and opens a new session family, all or nothing. A retry of
 * the same call (same idempotency key) opens another family: the lost first one is never used. A
 * checkout return code must first see its checkout ended (`endCheckout`, before the transaction:
 * it may ask the payment provider, which is this same server when the sandbox stands in).
 */
export async function exchangeAuthCode(
  db: Db,
  signer: TokenSigner,
  code: string,
  device: DeviceInfo,
  idempotencyKey: string | null = null,
  endCheckout: CheckoutEnder = async () => false,
): Promise<Tokens> {
  await requireEndedCheckout(db, signer, code, endCheckout);
  return db.transaction(async (tx) => {
    const repos = createRepositories(tx);
    const accountId = await redeemAuthCode(repos, signer, code, idempotencyKey);
    const { tokens } = await issueTokens(repos, signer, { accountId, familyId: randomUUID(), device });
    return tokens;
  });
}

/**
 * POST /api/v1/auth/refresh: rotates a refresh token.
 * - live and never rotated: issue a new token in the same family, mark the old one rotated;
 * - rotated less than REFRESH_GRACE_SECONDS ago: issue another new token (a second tab refreshing
 *   with the same token at the same moment must not log the user out);
 * - rotated earlier: the token was stolen or replayed, so the whole family is revoked;
 * - unknown, revoked or expired: rejected.
 */
export async function refreshSession(db: Db, signer: TokenSigner, refreshToken: string): Promise<Tokens> {
  const outcome = await db.transaction(async (tx) => {
    const repos = createRepositories(tx);
    const session = await repos.sessions.findForRefresh(
      hashRefreshToken(refreshToken),
      REFRESH_GRACE_SECONDS,
    );
    if (!session || session.revoked || session.expired) return null;
    if (session.rotated && !session.inGrace) {
      // Committed on purpose before answering 401: the revocation must stick.
      await repos.sessions.revokeFamily(session.familyId);
      return null;
    }
    const { tokens, sessionId } = await issueTokens(repos, signer, session);
    if (!session.rotated) await repos.sessions.markRotated(session.id, sessionId);
    return tokens;
  });
  if (!outcome) throw new TokenInvalidError();
  return outcome;
}

/**
 * POST /api/v2/auth/logout: revokes the refresh token's whole family. Its refresh tokens stop
 * refreshing, and its access tokens are refused at once (authenticate checks the session row).
 */
export async function revokeSession(db: Db, refreshToken: string): Promise<void> {
  await createRepositories(db).sessions.revokeFamilyOfToken(hashRefreshToken(refreshToken));
}
