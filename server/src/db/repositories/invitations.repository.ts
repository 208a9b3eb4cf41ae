import type { Queryable } from '../db';

/** What a consumed key was for: the pending team user who may now join. */
export interface ConsumedInvitation {
  teamUserId: number;
  teamId: number;
  email: string;
}

export interface InvitationKeyInput {
  teamUserId: number;
  /** sha256 of the key (see invitations/invitation-key.ts); the key itself is never stored. */
  keyHash: string;
  now: Date;
  expiresAt: Date;
  /** false: no mail is to go out for this key (demo data); the server mails due keys of dead senders. */
  mailDue?: boolean;
}

/** An invitation whose mail never went out, re-keyed for its new mail. */
export interface UnmailedInvitation {
  inviteeId: number;
  inviteeEmail: string;
  teamName: string;
  inviterName: string;
  inviterEmail: string;
  expiresAt: Date;
  key: { key: string; hash: string };
}

export function createInvitationsRepository(db: Queryable) {
  return {
    /** A new invitation round for this team user: a fresh key, sent now (replaces any earlier one). */
    async start(input: InvitationKeyInput): Promise<void> {
      await db.query(
        `INSERT INTO team_invitations (team_user_id, key_hash, created_at, expires_at, last_sent_at, mail_due)
         VALUES ($1, $2, $3, $4, $3, $5)
         ON CONFLICT (team_user_id) DO UPDATE SET key_hash = EXCLUDED.key_hash,
           created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at,
           last_sent_at = EXCLUDED.last_sent_at, used_at = NULL, mail_due = EXCLUDED.mail_due`,
        [input.teamUserId, input.keyHash, input.now, input.expiresAt, input.mailDue ?? true],
      );
    },

    /**
     * The resend throttle, in one statement so two concurrent resends cannot both pass: replaces the
     * key (the old one stops working) and records the send, unless the last mail went out less than
     * throttleSeconds ago. Returns whether this caller may send.
     */
    async claimResend(input: InvitationKeyInput & { throttleSeconds: number }): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO team_invitations (team_user_id, key_hash, created_at, expires_at, last_sent_at, mail_due)
         VALUES ($1, $2, $3, $4, $3, true)
         ON CONFLICT (team_user_id) DO UPDATE SET key_hash = EXCLUDED.key_hash,
           expires_at = EXCLUDED.expires_at, last_sent_at = EXCLUDED.last_sent_at, mail_due = true
         WHERE team_invitations.used_at IS NULL
           AND (team_invitations.last_sent_at IS NULL
                OR team_invitations.last_sent_at <= $3::timestamptz - make_interval(secs => $5))
         RETURNING team_user_id`,
        [input.teamUserId, input.keyHash, input.now, input.expiresAt, input.throttleSeconds],
      );
      return rows.length > 0;
    },

    /** The mail with this key could not be sent: lift the throttle so a resend can try again at once. */
    async markUnsent(teamUserId: number, keyHash: string): Promise<void> {
      await db.query(
        'UPDATE team_invitations SET last_sent_at = NULL, mail_due = false WHERE team_user_id = $1 AND key_hash = $2',
        [teamUserId, keyHash],
      );
    },

    /** The mail with this key went out. */
    async markMailed(teamUserId: number, keyHash: string): Promise<void> {
      await db.query(
        'UPDATE team_invitations SET mail_due = false WHERE team_user_id = $1 AND key_hash = $2',
        [teamUserId, keyHash],
      );
    },

    /**
     * Pending invitations whose mail was due more than olderThanSeconds ago and never sent (the process
     * sending it died): each is re-keyed here (the unsent key is dropped) and handed back to be mailed.
     */
    async claimUnmailed(
      rekey: () => { key: string; hash: string },
      now: Date,
      olderThanSeconds: number,
    ): Promise<UnmailedInvitation[]> {
      const due = await db.query<{ teamUserId: number }>(
        `SELECT i.team_user_id AS "teamUserId" FROM team_invitations i
         JOIN team_users u ON u.id = i.team_user_id JOIN teams t ON t.id = u.team_id
         WHERE i.mail_due AND i.used_at IS NULL AND i.expires_at > $1
           AND i.last_sent_at <= $1::timestamptz - make_interval(secs => $2)
           AND u.team_status = 'pending' AND NOT u.is_banned AND t.deleted_at IS NULL
         ORDER BY i.team_user_id LIMIT 500`,
        [now, olderThanSeconds],
      );
      const claimed: UnmailedInvitation[] = [];
      for (const { teamUserId } of due) {
        const key = rekey();
        // Claimed by one statement: of several servers sweeping at once, one sends each mail.
        const [row] = await db.query<Omit<UnmailedInvitation, 'key'>>(
          `UPDATE team_invitations i SET key_hash = $2, last_sent_at = $3
           FROM team_users u JOIN teams t ON t.id = u.team_id
           LEFT JOIN team_users inviter ON inviter.id = u.inviter_id
           WHERE i.team_user_id = $1 AND u.id = i.team_user_id AND i.mail_due
             AND i.last_sent_at <= $3::timestamptz - make_interval(secs => $4)
           RETURNING u.id AS "inviteeId", u.email AS "inviteeEmail", t.name AS "teamName",
             coalesce(inviter.full_name, '') AS "inviterName", coalesce(inviter.email, '') AS "inviterEmail",
             i.expires_at AS "expiresAt"`,
          [teamUserId, key.hash, now, olderThanSeconds],
        );
        if (row) claimed.push({ ...row, key });
      }
      return claimed;
    },

    /**
     * Uses a key once, atomically: null when unknown, used, expired, or when its team user is no longer
     * a pending, unbanned invitee of a live team (cancelled, removed, team deleted).
     */
    async consume(keyHash: string, now: Date): Promise<ConsumedInvitation | null> {
      const [row] = await db.query<ConsumedInvitation>(
        `UPDATE team_invitations i SET used_at = $2
         FROM team_users u JOIN teams t ON t.id = u.team_id
         WHERE i.key_hash = $1 AND i.used_at IS NULL AND i.expires_at > $2
           AND u.id = i.team_user_id AND u.team_status = 'pending' AND NOT u.is_banned
           AND t.deleted_at IS NULL
         RETURNING i.team_user_id AS "teamUserId", u.team_id AS "teamId", u.email`,
        [keyHash, now],
      );
      return row ?? null;
    },
  };
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
