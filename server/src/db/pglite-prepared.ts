import { type PGlite, parse, protocol } from '@electric-sql/pglite';

// PGlite's query() parses and plans every statement again, in six separate calls into its WASM
// backend (parse, describe, bind, describe, execute, sync), and planning asks the file layer for each
// relation's size (an lseek and an fstat per file). For the fixed statements of the repositories that
// was most of the embedded server's CPU per request (docs/decisions/012-api-request-path.md). Here a
// statement with parameters is parsed once under a name; each later call is one protocol message
// (bind, describe, execute, sync) into the backend, run under PGlite's own locks as query() is.

/** Distinct statements prepared at most; any further text goes through query(), as before. */
const MAX_NAMED_STATEMENTS = 500;

interface Prepared {
  name: string;
  /** The parameters' type oids, for PGlite's serializers (what query() learns with its describe). */
  paramTypes: number[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Runs statements with parameters as named prepared statements on one PGlite. `inTransaction`: the
 * caller runs inside pglite.transaction's callback, which already holds the transaction lock.
 */
export function createPreparedQueries(pglite: PGlite) {
  const prepared = new Map<string, Prepared>();

  async function prepare(sql: string): Promise<Prepared> {
    const name = `spark_${prepared.size + 1}`;
    const { messages } = await pglite.execProtocol(
      concat([
        protocol.serialize.parse({ name, text: sql, types: [] }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    prepared.set(sql, statement);
    return statement;
  }

  async function run<T>(
    statement: Prepared,
    params: readonly unknown[],
    inTransaction: boolean,
  ): Promise<T[]> {
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serialize = pglite.serializers[statement.paramTypes[i] as number];
      return serialize ? serialize(param) : String(param);
    });
    const { messages } = await pglite.execProtocol(
      concat([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      // As query(): the files are synced after a statement outside a transaction.
      { syncToFs: !inTransaction },
    );
    return (parse.parseResults(messages, pglite.parsers)[0]?.rows ?? []) as T[];
  }

  return {
    /** Whether this text runs here (it has parameters and there is room), else through query(). */
    handles(sql: string, params: readonly unknown[]): boolean {
      return params.length > 0 && (prepared.has(sql) || prepared.size < MAX_NAMED_STATEMENTS);
    },

    async query<T>(sql: string, params: readonly unknown[], inTransaction: boolean): Promise<T[]> {
      const exclusive = () =>
        // One statement at a time in the backend, as query() does: execProtocol itself takes no lock.
        pglite._runExclusiveQuery(async () =>
          run<T>(prepared.get(sql) ?? (await prepare(sql)), params, inTransaction),
        );
      if (inTransaction) return exclusive();
      // Outside a transaction, wait for any running one, as query() does (in the same turn order).
      await pglite._checkReady();
      return pglite._runExclusiveTransaction(exclusive);
    },
  };
}
