import type { Db } from '../../src/db/db';

// "A refused call changes nothing": a checksum per table, before and after the call.

/**
 * Tables a refused call may legitimately write: the abuse-limit counters (a wrong key or code counts
 * against the address; that is the point) and the stand-ins for outside services (the Stripe and
 * identity sandboxes keep their own books, as Stripe would).
 */
const MAY_CHANGE =
  /^(rate_limit_counters|schema_migrations|stripe_sandbox_.*|identity_sandbox_.*|.*_migrations)$/u;

/** The product's tables, read from the database itself (a new table joins the check on its own). */
export async function checkedTables(db: Db): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
  );
  return rows.map((row) => row.name).filter((name) => !MAY_CHANGE.test(name));
}

/**
 * Columns left out of the checksum. `updated_at`: a sync that finds nothing new still touches it,
 * and a touch changes no data. `customer_id`: the first billing call of a team or person makes its
 * customer at the provider and keeps the link even when the call is then refused (a bad card): the
 * customer exists at the provider by then, and forgetting it would make a second one next time.
 */
const IGNORED_COLUMNS = ['updated_at', 'customer_id'];
const row = `(to_jsonb(r) - '{${IGNORED_COLUMNS.join(',')}}'::text[])::text`;

/**
 * A row that holds nothing but that link (the customer made on the way, as above) counts as absent:
 * the first refused billing call of a team or person writes just such a row.
 */
const BARE_LINK_ROWS: Record<string, string> = {
  team_billing:
    'subscription_id IS NULL AND checkout_session_id IS NULL AND paddle_customer_id IS NULL AND NOT trial_used',
  personal_billing:
    'subscription_id IS NULL AND checkout_session_id IS NULL AND app_store IS NULL AND NOT trial_used',
};

/** One md5 per table over all its rows, in one round trip. */
export async function tableChecksums(db: Db, tables: string[]): Promise<Map<string, string>> {
  const parts = tables.map(
    (name) =>
      `SELECT '${name}' AS name, md5(coalesce(string_agg(${row}, '|' ORDER BY ${row}), '')) AS sum FROM "${name}" r${name in BARE_LINK_ROWS ? ` WHERE NOT (${BARE_LINK_ROWS[name]})` : ''}`,
  );
  const rows = await db.query<{ name: string; sum: string }>(parts.join(' UNION ALL '));
  return new Map(rows.map((row) => [row.name, row.sum]));
}

/** The tables whose checksum differs. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...before.keys()].filter((name) => before.get(name) !== after.get(name));
}
