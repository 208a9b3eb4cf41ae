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

    async count(): Promise<number> {
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts');
      return row?.n ?? 0;
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
