import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/db';
import { createSessionsRepository } from '../db/repositories/sessions.repository';
import { TokenInvalidError } from '../errors';
import type { TokenSigner } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by authenticate: the signed-in account. */
    accountId: number;
    /** Set by authenticate: the session (refresh-token row) the access token was issued for. */
    sessionId: number;
  }
  interface FastifyInstance {
    /** Pre-handler for routes that need a signed-in account. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

const BEARER = /^Bearer +([A-Za-z0-9_\-.]+=*) *$/i;

/**
 * Accepts `Authorization: Bearer <access token>`. Missing, garbage, expired, of another kind (an auth
 * code), for a revoked session or a deleted account: 401 with errorCode 1200.
 */
export function createAuthenticate(db: Db, signer: TokenSigner) {
  const sessions = createSessionsRepository(db);
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const claims = match?.[1] ? await signer.verifyAccessToken(match[1]) : null;
    if (!claims) throw new TokenInvalidError();
    // One indexed lookup per request buys immediate logout when a session family is revoked.
    const accountId = await sessions.findLiveAccount(claims.sid, claims.uid);
    if (accountId === null) throw new TokenInvalidError();
    request.accountId = accountId;
    request.sessionId = claims.sid;
  };
}
