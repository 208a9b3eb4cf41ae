import pg from 'pg';
import type { Db, Queryable } from './db';

type Client = pg.Pool | pg.PoolClient;

/** Waiting longer than this for a connection (a new one, or a free one of a busy pool) fails the call. */
const CONNECT_TIMEOUT_MS = 10_000;

/** Distinct statements prepared per connection at most; any further text runs unnamed, as before. */
const MAX_NAMED_STATEMENTS = 500;

/**
 * Names for the statements of this process: each connection parses and plans a named statement once
 * and then only binds and runs it, where an unnamed one is parsed and planned on every call. That
 * was most of the Postgres server's CPU per call (docs/decisions/012-api-request-path.md). The SQL
 * of the repositories is fixed text, so the set is small; the cap keeps text built at run time (lists
 * of placeholders) from growing every connection's cache without end.
 */
export function createStatementNames(max = MAX_NAMED_STATEMENTS) {
  const names = new Map<string, string>();
  return (sql: string): string | undefined => {
    const known = names.get(sql);
    if (known !== undefined || names.size >= max) return known;
    const name = `spark_${names.size + 1}`;
    names.set(sql, name);
    return name;
  };
}

function wrap(client: Client, nameOf: (sql: string) => string | undefined): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      // Without parameters pg keeps the simple protocol (several statements allowed), as before.
      const name = params.length > 0 ? nameOf(sql) : undefined;
      const result = await client.query({ text: sql, values: params as unknown[], name });
      return result.rows as T[];
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple query protocol, which accepts several statements.
      await client.query(sql);
    },
  };
}

export interface PgDbOptions {
  /** Pool size; small by default because tests open one pool per file against one server. */
  max?: number;
  onError?: (error: Error) => void;
}

// Dates go to Postgres as UTC text, not in the process's local time: every column is timestamptz, so
// the instant is the same, and pg's local-time conversion would load ICU's time zone data for it.
pg.defaults.parseInputDatesAsUTC = true;

/** A Postgres server through a pg connection pool. */
export async function openPgDb(connectionString: string, options: PgDbOptions = {}): Promise<Db> {
  // A database host that drops packets (rather than refusing) would hold every call until the
  // system's TCP timeout, minutes; past this, the call fails as unavailable (503, db-unavailable.ts).
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle client can lose its connection (server restart); without a listener that kills the process.
  pool.on('error', (error) => options.onError?.(error));
  // Fail at start-up, not on the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const nameOf = createStatementNames();
  return {
    kind: 'postgres',
    ...wrap(pool, nameOf),
    async transaction(fn) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client, nameOf));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true;
        }
        throw error;
      } finally {
        // A client whose rollback failed is in an unknown state: destroy it instead of reusing it.
        client.release(broken);
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
