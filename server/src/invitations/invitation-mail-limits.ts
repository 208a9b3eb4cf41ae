import type { Queryable } from '../db/db';

/** At most this many invitation mails to one address from one team in a window (decision 017). */
export const INVITATION_MAILS_PER_ADDRESS = 3;
/** At most this many invitation mails from one team in a window, to all addresses together. */
export const INVITATION_MAILS_PER_TEAM = 500;
/** The window both limits count in: the last 24 hours, sliding. */
export const INVITATION_MAIL_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The address as the limits and the duplicate check see it: the one the mail goes to, trimmed, in
 * lower case. Addresses are ASCII (src/domain/email.ts), so nothing else can make two look alike.
 */
export function mailedAddress(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether a mail may go out now, or in how many seconds one could. */
export type MailAllowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface WindowCount {
  n: number;
  oldest: Date | null;
}

/**
 * The invitation mail allowance of one team at `now`. Run it inside the transaction that holds the
 * team's row lock (invite and resend both take it): checking and recording are then one step for
 * every server on the database, and two calls at once cannot both spend the last mail.
 */
export function createMailAllowance(db: Queryable, teamId: number, now: Date) {
  const windowStart = new Date(now.getTime() - INVITATION_MAIL_WINDOW_MS);
  const retryAfter = (oldest: Date | null) =>
    Math.max(1, Math.ceil(((oldest ?? now).getTime() + INVITATION_MAIL_WINDOW_MS - now.getTime()) / 1000));
  const count = async (address: string | null): Promise<WindowCount> => {
    const [row] = await db.query<WindowCount>(
      `SELECT count(*)::int AS n, min(sent_at) AS oldest FROM invitation_mails
       WHERE team_id = $1 AND sent_at > $2 AND ($3::text IS NULL OR address = $3)`,
      [teamId, windowStart, address],
    );
    return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  };
  let team: WindowCount | null = null;

  return {
    /** Whether one more mail to `email` fits both limits; counts nothing. */
    async check(email: string): Promise<MailAllowance> {
      const address = await count(mailedAddress(email));
      if (address.n >= INVITATION_MAILS_PER_ADDRESS) {
        // Only the oldest of the address's mails matters: the limit is never passed, so it has 3.
        return { allowed: false, retryAfterSeconds: retryAfter(address.oldest) };
      }
      team ??= await count(null);
      if (team.n >= INVITATION_MAILS_PER_TEAM) {
        return { allowed: false, retryAfterSeconds: retryAfter(team.oldest) };
      }
      return { allowed: true };
    },

    /** Counts a mail to `email` as sent now (the mail itself goes out after the commit). */
    async record(email: string): Promise<void> {
      team ??= await count(null);
      await db.query('INSERT INTO invitation_mails (team_id, address, sent_at) VALUES ($1, $2, $3)', [
        teamId,
        mailedAddress(email),
        now,
      ]);
      team = { n: team.n + 1, oldest: team.oldest ?? now };
    },
  };
}
