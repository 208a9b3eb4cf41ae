import type { Queryable } from '../db';

export function createAuthCodesRepository(db: Queryable) {
  return {
    async create(input: { jti: string; accountId: number; expiresAt: Date }): Promise<void> {
      await db.query('INSERT INTO auth_codes (jti, account_id, expires_at) VALUES ($1, $2, $3)', [
        input.jti,
        input.accountId,
        input.expiresAt,
      ]);
    },

    /**
     * Marks the code used and returns its account, in one statement so two concurrent exchanges of
     * the same code cannot both win. Null when unknown, already used or expired.
     */
    async consume(jti: string): Promise<number | null> {
      const [row] = await db.query<{ accountId: number }>(
        `UPDATE auth_codes SET used_at = now()
         WHERE jti = $1 AND used_at IS NULL AND expires_at > now()
         RETURNING account_id AS "accountId"`,
        [jti],
      );
      return row?.accountId ?? null;
    },
  };
}

export type AuthCodesRepository = ReturnType<typeof createAuthCodesRepository>;
