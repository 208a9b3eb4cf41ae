import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../../src/db/db';

/** How long a portal session's links open the portal (real time: the sandbox clock may be moved ahead). */
export const PORTAL_TOKEN_SECONDS = 60 * 60;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new unguessable token (256 random bits) for a session's links; only its hash is stored. */
export async function issuePortalToken(
  tx: Queryable,
  sessionId: string,
  customerId: string,
): Promise<string> {
  const token = `pga_${randomBytes(32).toString('base64url')}`;
  // Every subscription answer makes a session (its management URLs): tokens long expired go.
  await tx.query(`DELETE FROM paddle_sandbox_portal_tokens WHERE expires_at < now() - interval '1 day'`);
  await tx.query(
    `INSERT INTO paddle_sandbox_portal_tokens (token_hash, session_id, customer_id, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [hash(token), sessionId, customerId, PORTAL_TOKEN_SECONDS],
  );
  return token;
}

/** The customer a token opens the portal for, if it is one of the session's and has not expired. */
export async function customerOfToken(
  tx: Queryable,
  sessionId: string,
  token: string,
): Promise<string | null> {
  const rows = await tx.query<{ customer_id: string }>(
    `SELECT customer_id FROM paddle_sandbox_portal_tokens
      WHERE token_hash = $1 AND session_id = $2 AND expires_at > now()`,
    [hash(token), sessionId],
  );
  return rows[0]?.customer_id ?? null;
}
