import { createRepositories } from '../db/repositories';
import type { InvitationDeps } from './invitation-deps';
import { newInvitationKey } from './invitation-key';
import { sendInvitationMail } from './send-invitation-mail';

/** How often a running server looks for invitations whose sender died before mailing them. */
export const UNSENT_MAIL_SWEEP_MS = 60_000;
/** A mail due longer than this is orphaned: its sender would have sent it by now. */
export const UNSENT_MAIL_AGE_SECONDS = 60;

/**
 * Mails the pending invitations a killed process committed but never mailed (the mail goes out after
 * the commit, so a crash in between left them unmailed and throttled). Each gets a fresh key; at worst
 * (a crash after the mail, before it was marked sent) someone gets a second mail whose link works.
 */
export async function mailUnsentInvitations(deps: InvitationDeps, olderThanSeconds: number): Promise<number> {
  const due = await createRepositories(deps.db).invitations.claimUnmailed(
    newInvitationKey,
    deps.clock.now(),
    olderThanSeconds,
  );
  let sent = 0;
  for (const invitation of due) {
    const ok = await sendInvitationMail(deps, {
      team: { name: invitation.teamName },
      inviter: { fullName: invitation.inviterName, email: invitation.inviterEmail },
      invitee: { id: invitation.inviteeId, email: invitation.inviteeEmail },
      key: invitation.key,
      expiresAt: new Date(invitation.expiresAt),
    });
    if (ok) sent += 1;
  }
  if (due.length > 0) deps.log.warn({ due: due.length, sent }, 'unmailed invitations mailed after a restart');
  return sent;
}

/**
 * At start, then every minute. On the embedded database this process is the only one, so every due
 * mail at start is an orphan; with several servers on Postgres, only mails due for a minute are.
 */
export function startUnsentMailSweeper(deps: InvitationDeps, embedded: boolean): () => void {
  const sweep = (olderThan: number) =>
    mailUnsentInvitations(deps, olderThan).catch((error: unknown) =>
      deps.log.error({ err: error }, 'unmailed invitations sweep failed'),
    );
  void sweep(embedded ? 0 : UNSENT_MAIL_AGE_SECONDS);
  const timer = setInterval(() => void sweep(UNSENT_MAIL_AGE_SECONDS), UNSENT_MAIL_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
