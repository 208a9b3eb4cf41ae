import type { Queryable } from '../db';

/** A Google or Microsoft sign-in: the issuer, its `sub` there, and the address it sent this time. */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string;
}

/**
 * Accounts' identities at OpenID Providers (account_identities), keyed by issuer and `sub` as OIDC
 * Core 5.7 says: the address can change, the pair cannot.
 */
export function createIdentitiesRepository(db: Queryable) {
  return {
    /** The account this identity signs in to, or null; notes the sign-in and the address it sent. */
    async signIn(identity: ProviderIdentity, now: Date): Promise<number | null> {
      const [row] = await db.query<{ accountId: number }>(
        `UPDATE account_identities SET email = $3, last_sign_in_at = $4
         WHERE issuer = $1 AND subject = $2 RETURNING account_id AS "accountId"`,
        [identity.issuer, identity.subject, identity.email, now],
      );
      return row?.accountId ?? null;
    },

    /**
     * Links the identity to the account. Answers the account it is linked to (another one when a
     * concurrent sign-in linked it first), or 'taken' when the account already has another `sub` at
     * this issuer: the issuer says that is someone else.
     */
    async link(accountId: number, identity: ProviderIdentity): Promise<number | 'taken'> {
      const [row] = await db.query<{ accountId: number }>(
        `INSERT INTO account_identities (account_id, issuer, subject, email) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING account_id AS "accountId"`,
        [accountId, identity.issuer, identity.subject, identity.email],
      );
      if (row) return row.accountId;
      const [linked] = await db.query<{ accountId: number }>(
        'SELECT account_id AS "accountId" FROM account_identities WHERE issuer = $1 AND subject = $2',
        [identity.issuer, identity.subject],
      );
      return linked?.accountId ?? 'taken';
    },

    async listByAccount(accountId: number): Promise<(ProviderIdentity & { accountId: number })[]> {
      return db.query(
        `SELECT account_id AS "accountId", issuer, subject, email FROM account_identities
         WHERE account_id = $1 ORDER BY issuer`,
        [accountId],
      );
    },
  };
}

export type IdentitiesRepository = ReturnType<typeof createIdentitiesRepository>;
