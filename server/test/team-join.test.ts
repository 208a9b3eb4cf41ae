import type { TeamEvent, TeamUser } from '@domain/entities';
import { describe, expect, it } from 'vitest';
import { INVITATION_TTL_MS } from '../src/invitations/invitation-policy';
import { listOutbox } from '../src/mail/outbox';
import { demoTeams } from '../src/seed/demo-data';
import { getBilling, sandboxStripe } from './billing-fixtures';
import { errorOf, setupTestApp } from './helper';
import { call, createPerson, createSignedInTeam, type Person, refOf, setupAcmeCast } from './team-fixtures';

// POST /api/v1/teams/join/{key}: the invitation link's call, with no session. Every refusal is the
// same 404 2200 and changes nothing; the happy path makes an active member and the seats follow.

const t = setupTestApp({ demoBilling: true });
const demo = setupAcmeCast(t, 'olivia');

const join = (key: string) => t.app.inject({ method: 'POST', url: `/api/v1/teams/join/${key}` });

async function linkKeyFor(email: string): Promise<string> {
  const [mail] = (await listOutbox(t.outboxDir)).filter((m) => m.to.toLowerCase() === email.toLowerCase());
  return new URL(mail?.link ?? 'http://x').searchParams.get('key') ?? '';
}

/** Invites a fresh address into the team and answers the key of its mail. */
async function invite(owner: Person, ownerRef: string, email: string): Promise<string> {
  const response = await call(t, owner, 'POST', `/api/v1/collab/teams/${ownerRef}/invite`, [{ email }]);
  expect(response.statusCode, response.body).toBe(200);
  return linkKeyFor(email);
}

const uniqueEmail = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@join.test`;

function expectNotFound(response: Awaited<ReturnType<typeof join>>) {
  expect(response.statusCode, response.body).toBe(404);
  expect(errorOf(response)).toEqual({ status: 404, code: 2200, data: null });
}

describe('POST /api/v1/teams/join/{key}', () => {
  it('activates a new invitee (a new account), records user.joined, and the subscription follows the seats', async () => {
    const ref = refOf(demo.oliviaAcme);
    const quantity = async () => {
      const link = await t.repos.billing.findTeamBilling(demo.oliviaAcme.teamId);
      const subscription = await sandboxStripe(t).subscriptions.retrieve(link?.subscriptionId as string);
      return subscription.items.data[0]?.quantity;
    };
    const seatsBefore = (await getBilling(t, demo.olivia, ref)).usage.usersCnt;
    expect(await quantity()).toBe(seatsBefore);
    const email = uniqueEmail('Newbie');
    const key = await invite(demo.olivia, ref, email);
    expect(await t.repos.accounts.findByEmail(email)).toBeNull();

    const response = await join(key);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ teamName: demoTeams.acme.name, email, isNewAccount: true });

    const account = await t.repos.accounts.findByEmail(email);
    const member = await t.repos.teamUsers.findByEmailInTeam(demo.oliviaAcme.teamId, email);
    expect(member).toMatchObject({ teamStatus: 'active', status: 'active', accountId: account?.id });
    const members = (await call(t, demo.olivia, 'GET', `/api/v1/collab/${ref}/users`)).json<{
      items: TeamUser[];
    }>();
    expect(members.items.find((u) => u.email === email)?.teamStatus).toBe('active');
    expect((await getBilling(t, demo.olivia, ref)).usage.usersCnt).toBe(seatsBefore + 1);
    expect(await quantity()).toBe(seatsBefore + 1);
    const events = (await call(t, demo.olivia, 'GET', `/api/v3/collab/${ref}/events`)).json<TeamEvent[]>();
    expect(events.at(-2)).toMatchObject({
      type: 'user.joined',
      data: { actor: { id: member?.id, email }, isNewAccount: true },
    });
    expect(events.at(-1)).toMatchObject({ type: 'billing.seats_changed', data: { to: seatsBefore + 1 } });

    // Used twice: refused, nothing changes.
    expectNotFound(await join(key));
    expect(await quantity()).toBe(seatsBefore + 1);
  });

  it('links the existing account with the invited address (any case) and says it is not new', async () => {
    const { world, owner } = await createSignedInTeam(t);
    const person = await createPerson(t, 'Existing');
    const key = await invite(owner, refOf(world.owner), person.account.email.toUpperCase());
    const response = await join(key);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ teamName: world.team.name, isNewAccount: false });
    const member = await t.repos.teamUsers.findByAccountInTeam(world.team.id, person.account.id);
    expect(member?.teamStatus).toBe('active');
    // The person reaches the team with their own session now.
    const teams = await call(t, person, 'GET', '/api/v1/collab/teams');
    expect(JSON.stringify(teams.json())).toContain(world.team.name);
  });

  it('two teams inviting one new address, accepted at once: one account, made once', async () => {
    const a = await createSignedInTeam(t);
    const b = await createSignedInTeam(t);
    const email = uniqueEmail('twice');
    const keyA = await invite(a.owner, refOf(a.world.owner), email);
    const keyB = await invite(b.owner, refOf(b.world.owner), email);
    const [first, second] = await Promise.all([join(keyA), join(keyB)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const fresh = [first, second].map((r) => r.json<{ isNewAccount: boolean }>().isNewAccount);
    expect(fresh.sort()).toEqual([false, true]);
    const [{ n } = { n: 0 }] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM accounts WHERE lower(email) = lower($1)',
      [email],
    );
    expect(n).toBe(1);
  });

  it('a re-invited removed member comes back through the same row', async () => {
    const { world, owner, member } = await createSignedInTeam(t);
    const ownerRef = refOf(world.owner);
    await call(t, owner, 'POST', `/api/v1/collab/${ownerRef}/users/${world.member.id}/kick`);
    const key = await invite(owner, ownerRef, member.account.email);
    expect((await join(key)).statusCode).toBe(200);
    const row = await t.repos.teamUsers.findByAccountInTeam(world.team.id, member.account.id);
    expect(row).toMatchObject({ id: world.member.id, teamStatus: 'active' });
  });

  it.each([
    ['too short', 'abc'],
    ['too long', 'a'.repeat(44)],
    ['bad characters', `${'a'.repeat(42)}$`],
    ['unknown', 'A'.repeat(43)],
  ])('a %s key: 404 2200', async (_, key) => {
    expectNotFound(await join(encodeURIComponent(key)));
  });

  it('a key past the router limit: 414 code 10, never a 500', async () => {
    expect(errorOf(await join('a'.repeat(200)))).toMatchObject({ status: 414, code: 10 });
  });

  it('an expired key: 404 2200, and the invitee stays pending', async () => {
    const { world, owner } = await createSignedInTeam(t);
    const email = uniqueEmail('late');
    const key = await invite(owner, refOf(world.owner), email);
    t.clock.advance(INVITATION_TTL_MS + 1000);
    try {
      expectNotFound(await join(key));
    } finally {
      t.clock.advance(-(INVITATION_TTL_MS + 1000));
    }
    expect((await t.repos.teamUsers.findByEmailInTeam(world.team.id, email))?.teamStatus).toBe('pending');
    expect(await t.repos.accounts.findByEmail(email)).toBeNull();
  });

  it('a cancelled invitation: 404 2200', async () => {
    const { world, owner } = await createSignedInTeam(t);
    const email = uniqueEmail('cancelled');
    const key = await invite(owner, refOf(world.owner), email);
    const invitee = await t.repos.teamUsers.findByEmailInTeam(world.team.id, email);
    const kick = await call(
      t,
      owner,
      'POST',
      `/api/v1/collab/${refOf(world.owner)}/users/${invitee?.id}/kick`,
    );
    expect(kick.statusCode, kick.body).toBeLessThan(300);
    expectNotFound(await join(key));
    expect(await t.repos.accounts.findByEmail(email)).toBeNull();
  });

  it('a banned invitee: 404 2200', async () => {
    const { world, owner } = await createSignedInTeam(t);
    const email = uniqueEmail('banned');
    const key = await invite(owner, refOf(world.owner), email);
    const invitee = await t.repos.teamUsers.findByEmailInTeam(world.team.id, email);
    await t.repos.teamUsers.setBanned(world.team.id, invitee?.id as number, true);
    expectNotFound(await join(key));
  });

  it('a deleted team: 404 2200, and the key stays unused', async () => {
    const { world, owner } = await createSignedInTeam(t, { plan: 'basic' });
    const email = uniqueEmail('orphan');
    const key = await invite(owner, refOf(world.owner), email);
    await t.repos.teams.markDeleted(world.team.id, t.clock.now());
    expectNotFound(await join(key));
    const [row] = await t.db.query<{ usedAt: Date | null }>(
      'SELECT used_at AS "usedAt" FROM team_invitations WHERE team_user_id = (SELECT id FROM team_users WHERE email = $1)',
      [email],
    );
    expect(row?.usedAt).toBeNull();
  });

  it('a resent invitation: the old key stops working, the new one works', async () => {
    const { world, owner } = await createSignedInTeam(t);
    const email = uniqueEmail('resent');
    const first = await invite(owner, refOf(world.owner), email);
    t.clock.advance(61 * 60 * 1000);
    const resend = await call(
      t,
      owner,
      'POST',
      `/api/v1/collab/teams/${refOf(world.owner)}/resend-invitation`,
      [{ email }],
    );
    expect(resend.json()).toEqual({ resent: [email] });
    const second = await linkKeyFor(email);
    expect(second).not.toBe(first);
    expectNotFound(await join(first));
    expect((await join(second)).statusCode).toBe(200);
  });
});
