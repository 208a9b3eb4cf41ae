import type { Queryable } from '../db';

export type DeviceInfo = Record<string, string>;

/** A refresh-token row as the refresh flow needs it, with its time checks done by the database clock. */
export interface SessionForRefresh {
  id: number;
  accountId: number;
  familyId: string;
  device: DeviceInfo;
  expired: boolean;
  revoked: boolean;
  rotated: boolean;
  /** Rotated less than the grace window ago: the old token may still be used. */
  inGrace: boolean;
}

export function createSessionsRepository(db: Queryable) {
  return {
    async create(input: {
      accountId: number;
      familyId: string;
      tokenHash: string;
      device: DeviceInfo;
      ttlSeconds: number;
    }): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO sessions (account_id, family_id, token_hash, device, expires_at)
         VALUES ($1, $2, $3, $4::jsonb, now() + make_interval(secs => $5)) RETURNING id`,
        [input.accountId, input.familyId, input.tokenHash, JSON.stringify(input.device), input.ttlSeconds],
      );
      return (row as { id: number }).id;
    },

    /** Locks the row (FOR UPDATE) so concurrent refreshes of one token run one after the other. */
    async findForRefresh(tokenHash: string, graceSeconds: number): Promise<SessionForRefresh | null> {
      const [row] = await db.query<SessionForRefresh>(
        `SELECT id, account_id AS "accountId", family_id AS "familyId", device,
                expires_at <= now() AS expired,
                revoked_at IS NOT NULL AS revoked,
                rotated_at IS NOT NULL AS rotated,
                coalesce(rotated_at > now() - make_interval(secs => $2), false) AS "inGrace"
         FROM sessions WHERE token_hash = $1 FOR UPDATE`,
        [tokenHash, graceSeconds],
      );
      return row ?? null;
    },

    async markRotated(id: number, replacedBy: number): Promise<void> {
      await db.query('UPDATE sessions SET rotated_at = now(), replaced_by = $2 WHERE id = $1', [
        id,
        replacedBy,
      ]);
    },

    async revokeFamily(familyId: string): Promise<void> {
      await db.query('UPDATE sessions SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [
        familyId,
      ]);
    },

    /**
     * Revokes the whole family of the refresh token with this hash (logout). Any token of the family
     * will do, a rotated one too: whoever holds it held the session. Unknown tokens change nothing.
     */
    async revokeFamilyOfToken(tokenHash: string): Promise<void> {
      await db.query(
        `UPDATE sessions SET revoked_at = now()
         WHERE family_id = (SELECT family_id FROM sessions WHERE token_hash = $1) AND revoked_at IS NULL`,
        [tokenHash],
      );
    },

    /** The account an access token may act for: its session must not be revoked and the account must exist. */
    async findLiveAccount(sessionId: number, accountId: number): Promise<number | null> {
      const [row] = await db.query<{ id: number }>(
        `SELECT a.id FROM sessions s JOIN accounts a ON a.id = s.account_id
         WHERE s.id = $1 AND s.account_id = $2 AND s.revoked_at IS NULL`,
        [sessionId, accountId],
      );
      return row?.id ?? null;
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
