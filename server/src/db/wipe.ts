import type { Queryable } from './db';

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Tables a reset keeps: the migration records (the product's and the sandboxes'), the sandboxes'
 * keys (servers already running keep using them), and the
 * operator's billing catalogue and tax table, which their migration filled and no seed refills.
 */
const KEPT_TABLES = [
  'schema_migrations',
  'stripe_sandbox_migrations',
  'stripe_sandbox_keys',
  // The Paddle sandbox's: its keys are the ones other tools were given (cli sandbox keys).
  'paddle_sandbox_migrations',
  'paddle_sandbox_keys',
  // The identity sandbox's too: its signing keys sign ID tokens that running servers still check.
  'identity_sandbox_migrations',
  'identity_sandbox_keys',
  // The servers still running sign with the key it fingerprints.
  'jwt_secret_fingerprint',
  'billing_products',
  'billing_prices',
  'billing_tax_rates',
  'personal_billing_products',
  'personal_billing_prices',
];

/** A table whose data file has grown past this is truncated instead of emptied row by row. */
export const DELETE_UP_TO_BYTES = 1024 * 1024;

export interface WipedTable {
  name: string;
  /** The other tables with a foreign key to this one. */
  referencedBy: string[];
  /** Its data file is over DELETE_UP_TO_BYTES. */
  large: boolean;
}

/**
 * How to empty the tables: `truncate` the large ones and any that reference each other in a circle
 * (TRUNCATE ... CASCADE needs no order), then `remove` the rest row by row, each table after every
 * table that references it, so no foreign key ever points at a deleted row.
 */
export function wipePlan(tables: readonly WipedTable[]): { truncate: string[]; remove: string[] } {
  const left = new Map(tables.map((table) => [table.name, table]));
  const order: string[] = [];
  for (;;) {
    const ready = [...left.values()].filter((t) => t.referencedBy.every((other) => !left.has(other)));
    if (ready.length === 0) break;
    for (const table of ready) {
      order.push(table.name);
      left.delete(table.name);
    }
  }
  const truncate = new Set([...left.keys(), ...tables.filter((t) => t.large).map((t) => t.name)]);
  return { truncate: [...truncate], remove: order.filter((name) => !truncate.has(name)) };
}

/**
 * Empties every other table and restarts the id sequences, so a reset looks like a fresh database.
 * Tables added by later migrations are included without listing them here. The sandbox's objects go
 * too, so the tax rates made there are forgotten (made again on next use). Run it in one transaction
 * with whatever refills the tables, so nobody sees them empty.
 *
 * Row by row, not TRUNCATE (decision 033): a TRUNCATE gives each table, index and TOAST table new
 * files, and on the embedded database (PGlite) making them was most of a reset: 90-165 ms of CPU for
 * 30 tables against 12-25 ms for DELETEs of their few rows. Postgres prunes the dead rows as it reads
 * the pages; a table whose file grows large anyway is truncated. The tables are locked against
 * writes first, as TRUNCATE did (reads go on, and see the old rows until the commit).
 */
export async function wipeData(tx: Queryable): Promise<void> {
  const tables = await tx.query<WipedTable & { sequences: string[] }>(
    `SELECT t.relname::text AS name,
       pg_relation_size(t.oid) > $2 AS large,
       ARRAY(SELECT r.relname::text FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid
             WHERE c.contype = 'f' AND c.confrelid = t.oid AND c.conrelid <> t.oid) AS "referencedBy",
       ARRAY(SELECT s.oid::regclass::text FROM pg_depend d JOIN pg_class s ON s.oid = d.objid
             WHERE d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass
               AND d.refobjid = t.oid AND d.deptype IN ('a', 'i') AND s.relkind = 'S') AS sequences
     FROM pg_class t JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = current_schema() AND t.relkind IN ('r', 'p')
       AND NOT (t.relname = ANY($1::text[]))
     ORDER BY t.relname`,
    [KEPT_TABLES, DELETE_UP_TO_BYTES],
  );
  if (tables.length === 0) return;
  const { truncate, remove } = wipePlan(tables);
  const statements = [
    `LOCK TABLE ${tables.map((t) => quoteIdent(t.name)).join(', ')} IN EXCLUSIVE MODE`,
    ...(truncate.length > 0 ? [`TRUNCATE TABLE ${truncate.map(quoteIdent).join(', ')} CASCADE`] : []),
    ...remove.map((name) => `DELETE FROM ${quoteIdent(name)}`),
    // What TRUNCATE's RESTART IDENTITY did: the sequences of the tables' serial and identity columns.
    ...tables.flatMap((t) => t.sequences.map((sequence) => `ALTER SEQUENCE ${sequence} RESTART`)),
  ];
  await tx.exec(statements.join(';\n'));
  const rates = await tx.query(
    `SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'billing_tax_rates'`,
  );
  if (rates.length > 0) await tx.exec('UPDATE billing_tax_rates SET provider_tax_rate_id = NULL');
}
