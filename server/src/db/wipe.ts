import type { Queryable } from './db';

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Empties every table except the migration records (the product's and the Stripe sandbox's) and restarts the id sequences, so a reset looks
 * like a fresh database. Tables added by later migrations are included without listing them here.
 * Run it in one transaction with whatever refills the tables, so nobody sees them empty.
 */
export async function wipeData(tx: Queryable): Promise<void> {
  const tables = await tx.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables
     WHERE schemaname = current_schema() AND tablename NOT IN ($1, $2)`,
    ['schema_migrations', 'stripe_sandbox_migrations'],
  );
  if (tables.length === 0) return;
  await tx.exec(
    `TRUNCATE TABLE ${tables.map((t) => quoteIdent(t.name)).join(', ')} RESTART IDENTITY CASCADE`,
  );
}
