import type { Queryable } from '../db';

export interface Account {
  id: number;
  email: string;
  fullName: string;
  avatar: string | null;
  /** Staff reach the internal pages (public-file upload, event stream viewer). */
  isStaff: boolean;
}

const columns = 'id, email, full_name AS "fullName", avatar, is_staff AS "isStaff"';

export function createAccountsRepository(db: Queryable) {
  return {
    async findById(id: number): Promise<Account | null> {
      const [row] = await db.query<Account>(`SELECT ${columns} FROM accounts WHERE id = $1`, [id]);
      return row ?? null;
    },

    /** Email match ignores case, as the unique index does. */
    async findByEmail(email: string): Promise<Account | null> {
      const [row] = await db.query<Account>(
        `SELECT ${columns} FROM accounts WHERE lower(email) = lower($1)`,
        [email.trim()],
      );
      return row ?? null;
    },

    async create(input: {
      email: string;
      fullName: string;
      avatar?: string | null;
      isStaff?: boolean;
    }): Promise<Account> {
      const [row] = await db.query<Account>(
        `INSERT INTO accounts (email, full_name, avatar, is_staff) VALUES ($1, $2, $3, $4) RETURNING ${columns}`,
        [input.email.trim(), input.fullName, input.avatar ?? null, input.isStaff ?? false],
      );
      return row as Account;
    },

    /**
     * The account with this address, made now if there is none. ON CONFLICT: a concurrent transaction
     * making the same address (two invitations accepted at once) waits, then this one reads its row.
     */
    async findOrCreate(input: {
      email: string;
      fullName: string;
    }): Promise<{ account: Account; created: boolean }> {
      const [row] = await db.query<Account>(
        `INSERT INTO accounts (email, full_name) VALUES ($1, $2)
         ON CONFLICT ((lower(email))) DO NOTHING RETURNING ${columns}`,
        [input.email.trim(), input.fullName],
      );
      if (row) return { account: row, created: true };
      const existing = await this.findByEmail(input.email);
      if (!existing) throw new Error('account neither created nor found');
      return { account: existing, created: false };
    },

    /** Staff from now on: the internal pages (public-file upload, event stream viewer) open to it. */
    async markStaff(id: number): Promise<void> {
      await db.query('UPDATE accounts SET is_staff = true WHERE id = $1', [id]);
    },

    async count(): Promise<number> {
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts');
      return row?.n ?? 0;
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
