import type { Queryable } from '../db';

/** Where a web sign-in continues once the person is known (chosen on /web-login). */
export interface WebLoginTarget {
  destination: string;
  teamPlanId: string;
  /** null or 0: a new team. */
  teamId: number | null;
}

export interface WebLoginLink extends WebLoginTarget {
  email: string;
}

export interface OAuthState extends WebLoginTarget {
  provider: 'google' | 'microsoft';
  codeVerifier: string;
  nonce: string;
}

const targetColumns = 'destination, team_plan_id AS "teamPlanId", team_id AS "teamId"';

/** Sign-in links and OAuth states: written once, spent once (one UPDATE, so two spends cannot both win). */
export function createWebLoginRepository(db: Queryable) {
  return {
    async createLink(input: WebLoginLink & { keyHash: string; device: object; expiresAt: Date }) {
      await db.query(
        `INSERT INTO web_login_links (key_hash, email, destination, team_plan_id, team_id, device, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          input.keyHash,
          input.email,
          input.destination,
          input.teamPlanId,
          input.teamId,
          JSON.stringify(input.device),
          input.expiresAt,
        ],
      );
    },

    /** The link's row, marked used, when it is known, unused and not expired at `now`; else why not. */
    async consumeLink(keyHash: string, now: Date): Promise<WebLoginLink | 'used' | 'expired' | 'unknown'> {
      const [row] = await db.query<WebLoginLink>(
        `UPDATE web_login_links SET used_at = $2
         WHERE key_hash = $1 AND used_at IS NULL AND expires_at > $2
         RETURNING email, ${targetColumns}`,
        [keyHash, now],
      );
      if (row) return row;
      const [seen] = await db.query<{ used: boolean }>(
        'SELECT used_at IS NOT NULL AS used FROM web_login_links WHERE key_hash = $1',
        [keyHash],
      );
      return seen ? (seen.used ? 'used' : 'expired') : 'unknown';
    },

    /**
     * The link unspent again: what it led to failed before anyone was signed in (the payment provider
     * did not answer), so the person may click it again. Only the spend made at `usedAt` is undone.
     */
    async releaseLink(keyHash: string, usedAt: Date): Promise<void> {
      await db.query('UPDATE web_login_links SET used_at = NULL WHERE key_hash = $1 AND used_at = $2', [
        keyHash,
        usedAt,
      ]);
    },

    async createOAuthState(input: OAuthState & { stateHash: string; expiresAt: Date }) {
      await db.query(
        `INSERT INTO web_login_oauth_states
           (state_hash, provider, code_verifier, nonce, destination, team_plan_id, team_id, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          input.stateHash,
          input.provider,
          input.codeVerifier,
          input.nonce,
          input.destination,
          input.teamPlanId,
          input.teamId,
          input.expiresAt,
        ],
      );
    },

    async consumeOAuthState(stateHash: string, now: Date): Promise<OAuthState | null> {
      const [row] = await db.query<OAuthState>(
        `UPDATE web_login_oauth_states SET used_at = $2
         WHERE state_hash = $1 AND used_at IS NULL AND expires_at > $2
         RETURNING provider, code_verifier AS "codeVerifier", nonce, ${targetColumns}`,
        [stateHash, now],
      );
      return row ?? null;
    },

    /** Rows whose time is long over; called now and then so the tables stay small. */
    async deleteExpired(before: Date): Promise<void> {
      await db.query('DELETE FROM web_login_links WHERE expires_at < $1', [before]);
      await db.query('DELETE FROM web_login_oauth_states WHERE expires_at < $1', [before]);
    },
  };
}

export type WebLoginRepository = ReturnType<typeof createWebLoginRepository>;
