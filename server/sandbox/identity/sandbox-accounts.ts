import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/db';

export interface SandboxAccount {
  sub: string;
  email: string;
  name: string;
  domainVerified: boolean;
}

/**
 * The sandbox's people (identity_sandbox_accounts): a random, stored `sub` per provider and address,
 * stable across sign-ins, short, and telling nothing about the person. The latest name and
 * domain-verified answer typed into the sign-in page are kept with it.
 */
export function sandboxAccounts(db: Db, provider: string) {
  return {
    async signIn(person: Omit<SandboxAccount, 'sub'>): Promise<string> {
      const [row] = await db.query<{ sub: string }>(
        `INSERT INTO identity_sandbox_accounts (provider, email_key, sub, email, name, domain_verified)
         VALUES ($1, lower($2), $3, $2, $4, $5)
         ON CONFLICT (provider, email_key)
         DO UPDATE SET email = EXCLUDED.email, name = EXCLUDED.name, domain_verified = EXCLUDED.domain_verified
         RETURNING sub`,
        [provider, person.email, randomBytes(16).toString('base64url'), person.name, person.domainVerified],
      );
      return (row as { sub: string }).sub;
    },

    async find(sub: string): Promise<SandboxAccount | null> {
      const [row] = await db.query<SandboxAccount>(
        `SELECT sub, email, name, domain_verified AS "domainVerified"
         FROM identity_sandbox_accounts WHERE provider = $1 AND sub = $2`,
        [provider, sub],
      );
      return row ?? null;
    },
  };
}
