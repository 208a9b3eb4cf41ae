import type { Queryable } from './db';

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Tables a reset keeps: the migration records (the product's and the Stripe sandbox's), the sandbox's
 * keys (servers already running keep using them), and the
 * operator's billing catalogue and tax table, which their migration filled and no seed refills.
 */
const KEPT_TABLES = [
  'schema_migrations',
  'stripe_sandbox_migrations',
  'stripe_sandbox_keys',
  // The identity sandbox's too: its signing keys sign ID tokens that running servers still check.
  'identity_sandbox_migrations',
  'identity_sandbox_keys',
  'billing_products',
  'billing_prices',
  'billing_tax_rates',
  'personal_billing_products',
  'personal_billing_prices',
];

/**
 * Empties every other table and restarts the id sequences, so a reset looks like a fresh database.
 * Tables added by later migrations are included without listing them here. The sandbox's objects go
 * too, so the tax rates made there are forgotten (made again on next use). Run it in one transaction
 * with whatever refills the tables, so nobody sees them empty.
 */
export async function wipeData(tx: Queryable): Promise<void> {
  const tables = await tx.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables
     WHERE schemaname = current_schema() AND NOT (tablename = ANY($1::text[]))`,
    [KEPT_TABLES],
  );
  if (tables.length === 0) return;
  await tx.exec(
    `TRUNCATE TABLE ${tables.map((t) => quoteIdent(t.name)).join(', ')} RESTART IDENTITY CASCADE`,
  );
  const rates = await tx.query(
    `SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'billing_tax_rates'`,
  );
  if (rates.length > 0) await tx.exec('UPDATE billing_tax_rates SET provider_tax_rate_id = NULL');
}
