import type { TeamEvent, TeamUser } from '@domain/entities';
import { describe, expect, it } from 'vitest';
import type { TeamUserRecord } from '../src/db/repositories/team-users.repository';
import { consumeInvitationKey } from '../src/invitations/consume-invitation';
import { INVITATION_TTL_MS } from '../src/invitations/invitation-policy';
import type { Mailer } from '../src/mail/mailer';
import { listOutbox, type OutboxEntry } from '../src/mail/outbox';
import { demoAccounts, demoInvitee } from '../src/seed/demo-data';
import { errorOf, setupTestApp, TEST_PUBLIC_URL } from './helper';
import { call, createSignedInTeam, demoPerson, type Person, refOf, setupAcmeCast } from './team-fixtures';

let mailFails = false;
const t = setupTestApp({
  wrapMailer: (outbox): Mailer => ({
    send: (message) => (mailFails ? Promise.reject(new Error('SMTP down')) : outbox.send(message)),
  }),
});
const demo = setupAcmeCast(t, 'olivia', 'adam');

const teamUrl = (user: TeamUserRecord) => `/api/v1/collab/teams/${refOf(user)}`;
const invite = (who: Person, user: TeamUserRecord, emails: string[]) =>
  call(
    t,
    who,
    'POST',
    `${teamUrl(user)}/invite`,
    emails.map((email) => ({ email })),
  );
const resend = (who: Person, user: TeamUserRecord, emails: string[]) =>
  call(
    t,
    who,
    'POST',
    `${teamUrl(user)}/resend-invitation`,
    emails.map((email) => ({ email })),
  );

/** Mail to this address, newest first. */
async function mailTo(email: string): Promise<OutboxEntry[]> {
  return (await listOutbox(t.outboxDir)).filter((entry) => entry.to.toLowerCase() === email.toLowerCase());
}

const keyOf = (entry: OutboxEntry | undefined) =>
  new URL(entry?.link ?? 'http://x').searchParams.get('key') ?? '';
const consume = (key: string) => consumeInvitationKey(t.db, t.clock, key);

describe('POST /teams/{tid}-{uid}/invite', () => {
  it('creates pending members, skips addresses already in the team, mails each a single-use link', async () => {
    const response = await invite(demo.olivia, demo.oliviaAcme, [
      'new.one@acme.test',
      'New.Two@Example.test',
      'NEW.ONE@acme.test',
      demoAccounts.mia.email,
      demoInvitee.email,
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json<TeamUser[]>();
    expect(created.map((u) => [u.email, u.role, u.teamStatus, u.isBanned, u.inviterId])).toEqual([
      ['new.one@acme.test', 'member', 'pending', false, demo.oliviaAcme.id],
      ['New.Two@Example.test', 'member', 'pending', false, demo.oliviaAcme.id],
    ]);

    const [mail] = await mailTo('new.one@acme.test');
    expect(mail?.subject).toBe('Olivia Owens invited you to Acme Inc on Spark');
    expect(mail?.link).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/accept-invitation\\?key=[A-Za-z0-9_-]{43}$`));
    expect(mail?.text).toContain(
      'Olivia Owens (olivia@acme.test) invited you to join the team "Acme Inc" on Spark.',
    );
    expect(await mailTo('New.Two@Example.test')).toHaveLength(1);
    expect(await mailTo(demoAccounts.mia.email)).toHaveLength(0);

    // The key is stored hashed only, works once, and only for this invitee.
    const key = keyOf(mail);
    expect(JSON.stringify(await t.db.query('SELECT * FROM team_invitations'))).not.toContain(key);
    expect(await consume(key)).toEqual({
      teamUserId: created[0]?.id,
      teamId: demo.oliviaAcme.teamId,
      email: 'new.one@acme.test',
    });
    expect(await consume(key)).toBeNull();
    expect(await consume(`${key.slice(0, -1)}A`)).toBeNull();
    expect(await consume('not a key')).toBeNull();

    // One event per invitee, naming inviter and invitee, never the key.
    const events = (
      await call(t, demo.olivia, 'GET', `/api/v3/collab/${refOf(demo.oliviaAcme)}/events`)
    ).json<TeamEvent[]>();
    const invited = events.filter((e) => e.type === 'user.invited');
    expect(invited.map((e) => e.data)).toEqual(
      created.map((u) => ({
        actor: { id: demo.oliviaAcme.id, email: demoAccounts.olivia.email },
        target: { id: u.id, email: u.email },
      })),
    );
    expect(JSON.stringify(events)).not.toContain(key);
  });

  it('with ?skipped=true also says which addresses were skipped and why; nobody skipped gets mail', async () => {
    const response = await call(
      t,
      demo.olivia,
      'POST',
      `${teamUrl(demo.oliviaAcme)}/invite?skipped=true`,
      ['fresh@acme.test', demoAccounts.mia.email.toUpperCase(), demoInvitee.email].map((email) => ({
        email,
      })),
    );
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<{ items: TeamUser[]; skipped: { email: string; reason: string }[] }>();
    expect(report.items.map((u) => [u.email, u.teamStatus])).toEqual([['fresh@acme.test', 'pending']]);
    expect(report.skipped).toEqual([
      { email: demoAccounts.mia.email.toUpperCase(), reason: 'member' },
      { email: demoInvitee.email, reason: 'invited' },
    ]);
    expect(await mailTo(demoAccounts.mia.email)).toHaveLength(0);
    expect(await mailTo(demoInvitee.email)).toHaveLength(0);
    expect(await mailTo('fresh@acme.test')).toHaveLength(1);

    // Everyone skipped: an empty list of new members, and the plain answer stays a bare array.
    const again = await invite(demo.olivia, demo.oliviaAcme, ['fresh@acme.test']);
    expect(again.json()).toEqual([]);
    const refused = await call(t, demo.olivia, 'POST', `${teamUrl(demo.oliviaAcme)}/invite?skipped=maybe`, [
      { email: 'x@acme.test' },
    ]);
    expect(refused.statusCode).toBe(400);
  });

  it('links an existing account and names the invitee after it; the account hears about it', async () => {
    const response = await invite(demo.adam, demo.adamAcme, [demoAccounts.solo.email]);
    const [solo] = response.json<TeamUser[]>();
    expect(solo).toMatchObject({ fullName: demoAccounts.solo.fullName, inviterId: demo.adamAcme.id });
    const account = await t.repos.accounts.findByEmail(demoAccounts.solo.email);
    expect((await t.repos.teamUsers.findInTeam(demo.oliviaAcme.teamId, solo?.id as number))?.accountId).toBe(
      account?.id,
    );
    const soloPerson = await demoPerson(t, demoAccounts.solo.email);
    const own = (await call(t, soloPerson, 'GET', '/api/v1/events')).json<TeamEvent[]>();
    expect(own.map((e) => [e.type, (e.data as { teamId: number }).teamId])).toEqual([
      ['user.invited', demo.oliviaAcme.teamId],
    ]);
    expect((await mailTo(demoAccounts.solo.email))[0]?.subject).toBe(
      'Adam Admin invited you to Acme Inc on Spark',
    );
  });

  it('re-invites a removed member by reusing the row', async () => {
    const { world, owner, admin, member } = await createSignedInTeam(t);
    await call(t, owner, 'POST', `/api/v1/collab/${refOf(world.owner)}/users/${world.member.id}/ban`);
    await call(t, owner, 'POST', `/api/v1/collab/${refOf(world.owner)}/users/${world.member.id}/kick`);
    const response = await invite(admin, world.admin, [world.member.email]);
    expect(response.json<TeamUser[]>()).toEqual([
      expect.objectContaining({
        id: world.member.id,
        teamStatus: 'pending',
        isBanned: false,
        role: 'member',
        inviterId: world.admin.id,
      }),
    ]);
    expect((await t.repos.teamUsers.findInTeam(world.team.id, world.member.id))?.accountId).toBe(
      member.account.id,
    );
    const key = keyOf((await mailTo(world.member.email))[0]);
    expect((await consume(key))?.teamUserId).toBe(world.member.id);
  });

  it.each([
    ['an empty list', [], 'email', 'must not be empty'],
    ['blank addresses only', [{ email: '' }, { email: '   ' }], 'email', 'must not be empty'],
    ['one bad address', [{ email: 'good@acme.test' }, { email: 'bad' }], 'email', 'is invalid'],
    ['two addresses in one entry', [{ email: 'a@b.test, c@d.test' }], 'email', 'is invalid'],
    ['an address with a space', [{ email: 'two words@acme.test' }], 'email', 'is invalid'],
    ['an unknown field', [{ email: 'x@acme.test', name: 'X' }], '0.name', 'is not allowed'],
    ['an object instead of a list', { email: 'x@acme.test' }, 'body', 'is invalid'],
    [
      '101 addresses',
      Array.from({ length: 101 }, (_, i) => ({ email: `m${i}@acme.test` })),
      'body',
      'has too many items',
    ],
  ])('refuses %s, invites nobody', async (_label, body, field, message) => {
    const before = (await t.repos.teamUsers.listByTeam(demo.oliviaAcme.teamId)).length;
    const response = await call(t, demo.olivia, 'POST', `${teamUrl(demo.oliviaAcme)}/invite`, body);
    expect(errorOf(response)).toEqual({ status: 400, code: 10, data: [{ field, message }] });
    expect(await t.repos.teamUsers.listByTeam(demo.oliviaAcme.teamId)).toHaveLength(before);
  });

  it('keeps the pending members when the mail fails, and lets a resend try again at once', async () => {
    mailFails = true;
    try {
      const response = await invite(demo.olivia, demo.oliviaAcme, ['unlucky@acme.test']);
      expect(response.json<TeamUser[]>()).toEqual([expect.objectContaining({ email: 'unlucky@acme.test' })]);
      const retry = await resend(demo.olivia, demo.oliviaAcme, ['unlucky@acme.test']);
      expect(retry.json()).toEqual({ resent: [] });
    } finally {
      mailFails = false;
    }
    expect(await mailTo('unlucky@acme.test')).toHaveLength(0);
    const retry = await resend(demo.olivia, demo.oliviaAcme, ['unlucky@acme.test']);
    expect(retry.json()).toEqual({ resent: ['unlucky@acme.test'] });
    expect(await mailTo('unlucky@acme.test')).toHaveLength(1);
  });
});

describe('POST /teams/{tid}-{uid}/resend-invitation', () => {
  it('mails again at most once an hour per address, each time with a fresh key (the old one dies)', async () => {
    await invite(demo.olivia, demo.oliviaAcme, ['throttled@acme.test']);
    const firstKey = keyOf((await mailTo('throttled@acme.test'))[0]);
    expect((await resend(demo.olivia, demo.oliviaAcme, ['throttled@acme.test'])).json()).toEqual({
      resent: [],
    });
    t.clock.advance(59 * 60 * 1000);
    expect((await resend(demo.adam, demo.adamAcme, ['throttled@acme.test'])).json()).toEqual({ resent: [] });
    t.clock.advance(61 * 1000);
    expect((await resend(demo.adam, demo.adamAcme, ['throttled@acme.test'])).json()).toEqual({
      resent: ['throttled@acme.test'],
    });
    expect((await resend(demo.olivia, demo.oliviaAcme, ['throttled@acme.test'])).json()).toEqual({
      resent: [],
    });

    const mails = await mailTo('throttled@acme.test');
    expect(mails).toHaveLength(2);
    expect(mails[0]?.subject).toBe('Adam Admin invited you to Acme Inc on Spark');
    const secondKey = keyOf(mails[0]);
    expect(secondKey).not.toBe(firstKey);
    expect(await consume(firstKey)).toBeNull();
    expect(await consume(secondKey)).toMatchObject({ email: 'throttled@acme.test' });

    const events = (
      await call(t, demo.olivia, 'GET', `/api/v3/collab/${refOf(demo.oliviaAcme)}/events`)
    ).json<TeamEvent[]>();
    expect(events.filter((e) => e.type === 'invitation.resent').at(-1)?.data).toMatchObject({
      actor: { id: demo.adamAcme.id },
      target: { email: 'throttled@acme.test' },
    });
  });

  it('resends the demo invitation to Paula at once (seeded a day ago), and the seeded key is gone', async () => {
    const response = await resend(demo.adam, demo.adamAcme, [demoInvitee.email]);
    expect(response.json()).toEqual({ resent: [demoInvitee.email] });
    const [mail] = await mailTo(demoInvitee.email);
    expect(mail?.link).toContain(`${TEST_PUBLIC_URL}/accept-invitation?key=`);
  });

  it('skips addresses that are not pending invitations of the team', async () => {
    const response = await resend(demo.olivia, demo.oliviaAcme, [
      demoAccounts.mia.email,
      'stranger@nowhere.test',
    ]);
    expect(response.json()).toEqual({ resent: [] });
    expect(await mailTo(demoAccounts.mia.email)).toHaveLength(0);
    expect(await mailTo('stranger@nowhere.test')).toHaveLength(0);
  });

  it('an invitation link expires after 14 days', async () => {
    await invite(demo.olivia, demo.oliviaAcme, ['late@acme.test']);
    const key = keyOf((await mailTo('late@acme.test'))[0]);
    t.clock.advance(INVITATION_TTL_MS + 1000);
    expect(await consume(key)).toBeNull();
    expect((await resend(demo.olivia, demo.oliviaAcme, ['late@acme.test'])).json()).toEqual({
      resent: ['late@acme.test'],
    });
    expect(await consume(keyOf((await mailTo('late@acme.test'))[0]))).toMatchObject({
      email: 'late@acme.test',
    });
  });
});

describe('cancelling an invitation', () => {
  it('the inviter kicks the pending member: the link stops working, an invitation.cancelled event', async () => {
    await invite(demo.adam, demo.adamAcme, ['cancelled@acme.test']);
    const [mail] = await mailTo('cancelled@acme.test');
    const invitee = await t.repos.teamUsers.findByEmailInTeam(demo.adamAcme.teamId, 'cancelled@acme.test');
    const response = await call(
      t,
      demo.adam,
      'POST',
      `/api/v1/collab/${refOf(demo.adamAcme)}/users/${invitee?.id}/kick`,
    );
    expect(response.statusCode).toBe(204);
    expect(await consume(keyOf(mail))).toBeNull();
    const events = (await call(t, demo.adam, 'GET', `/api/v3/collab/${refOf(demo.adamAcme)}/events`)).json<
      TeamEvent[]
    >();
    expect(events.at(-1)).toMatchObject({
      type: 'invitation.cancelled',
      data: { actor: { id: demo.adamAcme.id }, target: { id: invitee?.id, email: 'cancelled@acme.test' } },
    });
    expect((await resend(demo.adam, demo.adamAcme, ['cancelled@acme.test'])).json()).toEqual({ resent: [] });
  });

  it('a banned invitee cannot use the link', async () => {
    await invite(demo.olivia, demo.oliviaAcme, ['banned.invitee@acme.test']);
    const key = keyOf((await mailTo('banned.invitee@acme.test'))[0]);
    const invitee = await t.repos.teamUsers.findByEmailInTeam(
      demo.oliviaAcme.teamId,
      'banned.invitee@acme.test',
    );
    await call(t, demo.olivia, 'POST', `/api/v1/collab/${refOf(demo.oliviaAcme)}/users/${invitee?.id}/ban`);
    expect(await consume(key)).toBeNull();
  });
});
