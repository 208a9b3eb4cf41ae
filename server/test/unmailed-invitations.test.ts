import { describe, expect, it } from 'vitest';
import { consumeInvitationKey } from '../src/invitations/consume-invitation';
import { newInvitationKey } from '../src/invitations/invitation-key';
import { INVITATION_TTL_MS } from '../src/invitations/invitation-policy';
import { mailUnsentInvitations } from '../src/invitations/mail-unsent-invitations';
import { listOutbox } from '../src/mail/outbox';
import { setupTestApp } from './helper';
import { setupAcmeCast } from './team-fixtures';

// A process killed between an invitation's commit and its mail left a pending member nobody mailed
// (found by the crash harness, server/test/crash.test.ts). The server mails those again.

const t = setupTestApp();
const demo = setupAcmeCast(t, 'olivia');

/** What the invite transaction commits before its mail: a pending member and a key, mail due. */
async function committedButNotMailed(email: string) {
  const invitee = await t.repos.teamUsers.invite({
    teamId: demo.oliviaAcme.teamId,
    email,
    accountId: null,
    fullName: '',
    inviterId: demo.oliviaAcme.id,
  });
  if (!invitee) throw new Error('not invited');
  const now = t.clock.now();
  const key = newInvitationKey();
  await t.repos.invitations.start({
    teamUserId: invitee.id,
    keyHash: key.hash,
    now,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
  });
  return { invitee, key };
}

const deps = () => ({
  db: t.db,
  mailer: t.app.mailer,
  clock: t.clock,
  publicUrl: () => 'http://console.test',
  log: t.app.log,
});
const mailsTo = async (email: string) =>
  (await listOutbox(t.outboxDir)).filter((entry) => entry.to === email);

describe('invitations committed but never mailed', () => {
  it('are mailed by the sweep with a fresh key that works (the lost one does not), once', async () => {
    const email = 'orphan@example.test';
    const { key: lostKey } = await committedButNotMailed(email);
    expect(await mailsTo(email)).toHaveLength(0);

    expect(await mailUnsentInvitations(deps(), 0)).toBe(1);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Olivia Owens');
    expect(await mailUnsentInvitations(deps(), 0)).toBe(0);

    expect(await consumeInvitationKey(t.db, t.clock, lostKey.key)).toBeNull();
    const link = new URL(mails[0]?.link ?? 'http://x');
    expect(await consumeInvitationKey(t.db, t.clock, link.searchParams.get('key') ?? '')).not.toBeNull();
  });

  it('are left to their sender while younger than the age given (another server may be mailing them)', async () => {
    const email = 'in-flight@example.test';
    await committedButNotMailed(email);
    expect(await mailUnsentInvitations(deps(), 60)).toBe(0);
    t.clock.advance(61_000);
    expect(await mailUnsentInvitations(deps(), 60)).toBe(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('mailed by the invite call are not mailed again', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/collab/teams/${demo.oliviaAcme.teamId}-${demo.oliviaAcme.id}/invite`,
      headers: { authorization: `Bearer ${demo.olivia.tokens.accessToken}` },
      payload: [{ email: 'mailed@example.test' }],
    });
    expect(response.statusCode).toBe(200);
    t.clock.advance(61_000);
    expect(await mailUnsentInvitations(deps(), 0)).toBe(0);
    expect(await mailsTo('mailed@example.test')).toHaveLength(1);
  });
});
