import { parseTeamUserRef } from '@domain/team-user-ref';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/db';
import type { CallerInTeam, MembersPageAsk } from '../db/repositories/caller.repository';
import { createBatchedCallerRepository } from '../db/repositories/caller-batch.repository';
import { createSessionsRepository } from '../db/repositories/sessions.repository';
import { TokenInvalidError } from '../errors';
import { pageTokenQuery } from '../http/page-token';
import { MAX_ID } from '../http/team-user-param';
import type { TokenSigner } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by authenticate: the signed-in account. */
    accountId: number;
    /** Set by authenticate: the session (refresh-token row) the access token was issued for. */
    sessionId: number;
    /**
     * Set by authenticate on /{tid}-{uid} routes: the team and team user it read along with the
     * session, for requireMembership (which then needs no query of its own).
     */
    callerInTeam: (CallerInTeam & { teamId: number; userId: number }) | null;
  }
  interface FastifyContextConfig {
    /**
     * A members page route: authenticate reads the page this many rows long (page size + 1) in its
     * caller statement, so the route needs no query of its own (decision 027).
     */
    membersPageLimit?: number;
  }
  interface FastifyInstance {
    /** Pre-handler for routes that need a signed-in account. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

const BEARER = /^Bearer +([A-Za-z0-9_\-.]+=*) *$/i;

/** The {tid}-{uid} of the path, when the route has one and it is well formed (else validation says so). */
function teamUserRef(request: FastifyRequest): { teamId: number; userId: number } | null {
  const segment = (request.params as { teamUser?: unknown } | undefined)?.teamUser;
  if (typeof segment !== 'string') return null;
  const ref = parseTeamUserRef(segment);
  return ref && ref.teamId <= MAX_ID && ref.userId <= MAX_ID ? ref : null;
}

/**
 * The members page a route asks for with its caller check: after the id in `pageToken`. A token that is
 * not ours reads no page (validation answers it after authentication, as before).
 */
function membersPageAsk(request: FastifyRequest): MembersPageAsk | null {
  const limit = request.routeOptions.config.membersPageLimit;
  if (limit === undefined) return null;
  const token = pageTokenQuery.safeParse((request.query as { pageToken?: unknown } | null)?.pageToken);
  return token.success ? { afterId: token.data, limit } : null;
}

/**
 * Accepts `Authorization: Bearer <access token>`. Missing, garbage, expired, of another kind (an auth
 * code), for a revoked session or a deleted account: 401 with errorCode 1200.
 */
export function createAuthenticate(db: Db, signer: TokenSigner) {
  const sessions = createSessionsRepository(db);
  // Concurrent requests' checks share one statement (decision 042); each is still its own check.
  const caller = createBatchedCallerRepository(db);
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const claims = match?.[1] ? await signer.verifyAccessToken(match[1]) : null;
    if (!claims) throw new TokenInvalidError();
    // One indexed lookup per request buys immediate logout when a session family is revoked. On a
    // /{tid}-{uid} route the same statement also reads the team and the membership.
    const ref = teamUserRef(request);
    let accountId: number | null;
    if (ref) {
      const session = { sessionId: claims.sid, accountId: claims.uid };
      const found = await caller.findInTeam(session, ref, membersPageAsk(request));
      accountId = found.accountId;
      request.callerInTeam = { ...found, ...ref };
    } else {
      accountId = await sessions.findLiveAccount(claims.sid, claims.uid);
    }
    if (accountId === null) throw new TokenInvalidError();
    request.accountId = accountId;
    request.sessionId = claims.sid;
  };
}
