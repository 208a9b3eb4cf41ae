/**
 * The whole database surface the server uses: the same SQL runs on the embedded PGlite and on a
 * Postgres server, so repositories never know which one they talk to.
 */
export interface Queryable {
  /** One statement with $1..$n parameters; returns the rows (use RETURNING for writes). */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations, resets). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The connection pool's use (Postgres only; PGlite has no pool): for the metrics. */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}
