import type { TeamEvent, TeamUser } from '@domain/entities';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { resendInvitations } from '../src/invitations/resend-invitations';
import type { MailMessage } from '../src/mail/mailer';
import { listOutbox } from '../src/mail/outbox';
import { errorOf, setupTestApp, TEST_PUBLIC_URL } from './helper';
import { addTeamUser, call, createSignedInTeam, type Person, refOf, type SmallTeam } from './team-fixtures';

// The same change sent twice at once (a double click, two tabs, two admins): the pre-handlers of both
// requests read the rows before either writes, so each change is decided again under the team's lock.
// Exactly one of them changes anything and records an event; the other sees the change done.

const t = setupTestApp();

const freshTeam = () => createSignedInTeam(t, { settings: { adminsCanAssignAdmins: true } });

async function eventTypes(who: Person, world: SmallTeam, as: keyof Omit<SmallTeam, 'team'> = 'owner') {
  const response = await call(t, who, 'GET', `/api/v3/collab/${refOf(world[as])}/events`);
  return response.json<TeamEvent[]>().map((e) => e.type);
}

const twice = (send: () => Promise<LightMyRequestResponse>) => Promise.all([send(), send()]);
const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode).sort();

describe('the same change twice at once', () => {
  it('ban, unban, role: both answer the changed row, one event each', async () => {
    const { world, owner, admin } = await freshTeam();
    const user = `/api/v1/collab/${refOf(world.owner)}/users/${world.member.id}`;
    expect(statuses(await twice(() => call(t, owner, 'POST', `${user}/ban`)))).toEqual([200, 200]);
    expect(statuses(await twice(() => call(t, owner, 'POST', `${user}/unban`)))).toEqual([200, 200]);
    const roles = await Promise.all([
      call(t, owner, 'PUT', `${user}/role`, { role: 'admin' }),
      call(t, admin, 'PUT', `/api/v1/collab/${refOf(world.admin)}/users/${world.member.id}/role`, {
        role: 'admin',
      }),
    ]);
    expect(roles.map((r) => r.json<TeamUser>().role)).toEqual(['admin', 'admin']);
    expect(await eventTypes(owner, world)).toEqual(['user.banned', 'user.unbanned', 'user.role_changed']);
  });

  it('rename, settings and own name: one event each', async () => {
    const { world, owner, member } = await freshTeam();
    const team = `/api/v1/collab/teams/${refOf(world.owner)}`;
    expect(statuses(await twice(() => call(t, owner, 'PUT', team, { name: 'Twice' })))).toEqual([200, 200]);
    expect(
      statuses(await twice(() => call(t, owner, 'PUT', `${team}/settings`, { adminsCanDelete: true }))),
    ).toEqual([200, 200]);
    const me = `/api/v1/collab/${refOf(world.member)}/users/me`;
    expect(statuses(await twice(() => call(t, member, 'PUT', me, { fullName: 'Twice' })))).toEqual([
      200, 200,
    ]);
    expect(await eventTypes(owner, world)).toEqual([
      'team.renamed',
      'team.settings_changed',
      'user.profile_changed',
    ]);
  });

  it('delete team: one 204, the other 1502; one team.deleted', async () => {
    const { world, owner, member } = await freshTeam();
    const responses = await twice(() =>
      call(t, owner, 'DELETE', `/api/v1/collab/teams/${refOf(world.owner)}`),
    );
    expect(statuses(responses)).toEqual([204, 404]);
    expect(errorOf(responses.find((r) => r.statusCode === 404) as LightMyRequestResponse).code).toBe(1502);
    const own = (await call(t, member, 'GET', '/api/v1/events')).json<TeamEvent[]>();
    expect(own.map((e) => e.type)).toEqual(['team.deleted']);
  });

  it('kick and leave: one succeeds, the other finds the member gone', async () => {
    const { world, owner, member } = await freshTeam();
    const kicks = await twice(() =>
      call(t, owner, 'POST', `/api/v1/collab/${refOf(world.owner)}/users/${world.admin.id}/kick`),
    );
    expect(statuses(kicks)).toEqual([204, 404]);
    const leaves = await twice(() =>
      call(t, member, 'POST', `/api/v1/collab/teams/${world.team.id}/leave`, { email: world.member.email }),
    );
    expect(statuses(leaves)).toEqual([204, 403]);
    expect(await eventTypes(owner, world)).toEqual(['user.removed', 'user.left']);
  });

  it('invite: the address is invited once and mailed once', async () => {
    const { world, owner, admin } = await freshTeam();
    const invites = await Promise.all([
      call(t, owner, 'POST', `/api/v1/collab/teams/${refOf(world.owner)}/invite`, [
        { email: 'twice@fixture.test' },
      ]),
      call(t, admin, 'POST', `/api/v1/collab/teams/${refOf(world.admin)}/invite`, [
        { email: 'TWICE@fixture.test' },
      ]),
    ]);
    expect(statuses(invites)).toEqual([200, 200]);
    expect(invites.flatMap((r) => r.json<TeamUser[]>())).toHaveLength(1);
    const mails = (await listOutbox(t.outboxDir)).filter((m) => m.to.toLowerCase() === 'twice@fixture.test');
    expect(mails).toHaveLength(1);
    expect(await eventTypes(owner, world)).toEqual(['user.invited']);
  });

  it('resend: one mail an hour, however many ask at once', async () => {
    const { world, owner } = await freshTeam();
    await addTeamUser(t, world.team.id, { email: 'pending@fixture.test', teamStatus: 'pending' });
    const resend = () =>
      call(t, owner, 'POST', `/api/v1/collab/teams/${refOf(world.owner)}/resend-invitation`, [
        { email: 'pending@fixture.test' },
      ]);
    const responses = await Promise.all([resend(), resend(), resend()]);
    expect(responses.flatMap((r) => r.json<{ resent: string[] }>().resent)).toEqual(['pending@fixture.test']);
    expect(await eventTypes(owner, world)).toEqual(['invitation.resent']);
  });
});

describe('a change landing between the pre-handlers and the transaction', () => {
  it('kick during resend: the cancelled invitation is not mailed, and no event claims it was', async () => {
    const { world, owner } = await freshTeam();
    const invitee = await addTeamUser(t, world.team.id, {
      email: 'kicked@fixture.test',
      teamStatus: 'pending',
    });
    // The pre-handlers saw a pending invitee; the kick commits just before the resend's transaction.
    const db: Db = {
      ...t.db,
      async transaction(fn) {
        await t.repos.teamUsers.remove(world.team.id, invitee.id);
        return t.db.transaction(fn);
      },
    };
    const mailed: MailMessage[] = [];
    const deps = {
      db,
      mailer: { send: async (message: MailMessage) => void mailed.push(message) },
      clock: t.clock,
      publicUrl: () => TEST_PUBLIC_URL,
      log: t.app.log,
    };
    const membership = { team: world.team, teamUser: world.owner };
    expect((await resendInvitations(deps, membership, ['kicked@fixture.test'])).resent).toEqual([]);
    expect(mailed).toEqual([]);
    expect(await eventTypes(owner, world)).toEqual([]);
  });
});
