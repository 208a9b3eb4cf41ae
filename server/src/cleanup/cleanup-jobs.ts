import type { Queryable } from '../db/db';
import { INVITATION_MAIL_WINDOW_MS } from '../invitations/invitation-mail-limits';
import type { FileStorage } from '../storage/file-storage';

/** What a cleanup job may touch: the database, the stored files, and the time the run started. */
export interface CleanupContext {
  db: Queryable;
  storage: FileStorage;
  now: Date;
  /** The most rows one batch may delete: each batch is one short statement (decision 010). */
  batchSize: number;
}

/** One kind of leftover row. A run calls deleteBatch until it deletes fewer than batchSize. */
export interface CleanupJob {
  /** Names the job in the log and in `cli cleanup`'s report. */
  name: string;
  /** Deletes at most ctx.batchSize rows that are over at ctx.now; returns how many it deleted. */
  deleteBatch(ctx: CleanupContext): Promise<number>;
}

/**
 * Keys, links and tokens stay this long after they expired or were used: long enough that a late
 * click still hears 'already used' rather than 'unknown', and that a log line can still be matched
 * to its row; nobody can use them any more either way.
 */
export const CLEANUP_RETENTION_MS = 24 * 60 * 60 * 1000;

const cutoff = (now: Date) => new Date(now.getTime() - CLEANUP_RETENTION_MS);

/**
 * A job deleting rows of `table` (key column `key`) matching `over` ($1: the cutoff or now, $2: the
 * batch size). SKIP LOCKED: a row live traffic holds at this moment is left for the next batch, so
 * the cleanup never makes a request wait.
 */
function batchDelete(
  name: string,
  table: string,
  key: string,
  over: string,
  at: (now: Date) => Date = cutoff,
): CleanupJob {
  const sql = `DELETE FROM ${table} WHERE ${key} IN (
      SELECT ${key} FROM ${table} WHERE ${over} LIMIT $2 FOR UPDATE SKIP LOCKED)`;
  return {
    name,
    async deleteBatch({ db, now, batchSize }) {
      const rows = await db.query<{ n: number }>(
        `WITH gone AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
        [at(now), batchSize],
      );
      return rows[0]?.n ?? 0;
    },
  };
}

/**
 * Sessions: each row is one refresh token of a family. A row expired or revoked a day ago can never
 * be used again (refresh answers 401 for it either way, and access tokens of a revoked session are
 * refused); a family goes with its last row.
 */
export const expiredSessions = batchDelete(
  'sessions and refresh-token families',
  'sessions',
  'id',
  '(expires_at < $1 OR revoked_at < $1)',
);

export const usedAuthCodes = batchDelete(
  'auth codes',
  'auth_codes',
  'jti',
  '(expires_at < $1 OR used_at < $1)',
);

/** Invitation join keys: a deleted row lets a resend start a fresh round, as an expired one does. */
export const usedInvitationKeys = batchDelete(
  'invitation join keys',
  'team_invitations',
  'team_user_id',
  '(expires_at < $1 OR used_at < $1)',
);

export const usedRedirectKeys = batchDelete(
  'redirect keys',
  'redirect_keys',
  'key_hash',
  '(expires_at < $1 OR used_at < $1)',
);

export const usedWebLoginLinks = batchDelete(
  'web sign-in links',
  'web_login_links',
  'key_hash',
  '(expires_at < $1 OR used_at < $1)',
);

export const usedOAuthStates = batchDelete(
  'OAuth states',
  'web_login_oauth_states',
  'state_hash',
  '(expires_at < $1 OR used_at < $1)',
);

/** Counters whose window is over: the next hit would start a new window anyway (migration 012). */
export const endedRateLimitWindows = batchDelete(
  'rate-limit counters',
  'rate_limit_counters',
  'key',
  `(window_end <= $1 OR (window_end IS NULL AND window_start < $1::timestamptz - interval '1 day'))`,
  (now) => now,
);

/** Invitation mails counted by the mail limits (decision 017), once out of their day-long window. */
export const countedInvitationMails = batchDelete(
  'invitation mail counts',
  'invitation_mails',
  'id',
  'sent_at <= $1',
  (now) => new Date(now.getTime() - INVITATION_MAIL_WINDOW_MS),
);

/**
 * Every job a run does, in this order. A feature with leftovers of its own adds its job here (the
 * public files: expired files, their rows and their stored bytes).
 */
export const CLEANUP_JOBS: CleanupJob[] = [
  expiredSessions,
  usedAuthCodes,
  usedInvitationKeys,
  usedRedirectKeys,
  usedWebLoginLinks,
  usedOAuthStates,
  endedRateLimitWindows,
  countedInvitationMails,
];
