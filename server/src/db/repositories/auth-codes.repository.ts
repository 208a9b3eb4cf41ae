import type { Queryable } from '../db';

export function createAuthCodesRepository(db: Queryable) {
  return {
    async create(input: {
      jti: string;
      accountId: number;
      expiresAt: Date;
      forCheckout?: boolean;
    }): Promise<void> {
      await db.query(
        'INSERT INTO auth_codes (jti, account_id, expires_at, for_checkout) VALUES ($1, $2, $3, $4)',
        [input.jti, input.accountId, input.expiresAt, input.forCheckout ?? false],
      );
    },

    /** Binds a checkout return code to the checkout whose URLs carry it (migration 014). */
    async bindCheckout(jti: string, checkoutSessionId: string): Promise<void> {
      await db.query('UPDATE auth_codes SET checkout_session_id = $2 WHERE jti = $1 AND for_checkout', [
        jti,
        checkoutSessionId,
      ]);
    },

    /** Whether an unspent code waits for a checkout to end, and which (null: not bound yet). */
    async findPendingCheckout(jti: string): Promise<{ checkoutSessionId: string | null } | null> {
      const [row] = await db.query<{ checkoutSessionId: string | null }>(
        `SELECT checkout_session_id AS "checkoutSessionId" FROM auth_codes
         WHERE jti = $1 AND for_checkout AND used_at IS NULL`,
        [jti],
      );
      return row ?? null;
    },

    /**
     * Marks the code used and returns its account, in one statement so two concurrent exchanges of
     * the same code cannot both win. Null when unknown, already used or expired. A code already used
     * with the same redeem key less than graceSeconds ago is the console retrying an exchange whose
     * answer it never got (the connection dropped): it is honoured again (migration 013).
     */
    async consume(
      jti: string,
      redeemKeyHash: string | null = null,
      graceSeconds = 0,
    ): Promise<number | null> {
      const [row] = await db.query<{ accountId: number }>(
        `UPDATE auth_codes SET used_at = coalesce(used_at, now()), redeem_key_hash = coalesce(redeem_key_hash, $2)
         WHERE jti = $1 AND expires_at > now() AND (NOT for_checkout OR checkout_session_id IS NOT NULL)
           AND (used_at IS NULL
                OR ($2::text IS NOT NULL AND redeem_key_hash = $2
                    AND used_at > now() - make_interval(secs => $3)))
         RETURNING account_id AS "accountId"`,
        [jti, redeemKeyHash, graceSeconds],
      );
      return row?.accountId ?? null;
    },
  };
}

export type AuthCodesRepository = ReturnType<typeof createAuthCodesRepository>;
