import type { Team, TeamEvent, TeamMembership } from '@domain/entities';
import { describe, expect, it } from 'vitest';
import type { TeamUserRecord } from '../src/db/repositories/team-users.repository';
import { demoAccounts, demoTeams } from '../src/seed/demo-data';
import { errorOf, setupTestApp } from './helper';
import {
  call,
  createSignedInTeam,
  demoMember,
  demoPerson,
  type Person,
  refOf,
  setupAcmeCast,
} from './team-fixtures';

const t = setupTestApp();
const demo = setupAcmeCast(t, 'olivia', 'mia');

const teamUrl = (user: TeamUserRecord) => `/api/v1/collab/teams/${refOf(user)}`;

async function eventsOf(who: Person, user: TeamUserRecord, offset = 0): Promise<TeamEvent[]> {
  const response = await call(t, who, 'GET', `/api/v3/collab/${refOf(user)}/events?offset=${offset}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TeamEvent[]>();
}

async function lastEvent(who: Person, user: TeamUserRecord): Promise<TeamEvent | undefined> {
  return (await eventsOf(who, user)).at(-1);
}

describe('PUT /teams/{tid}-{uid}', () => {
  it('renames the team (trimmed), answers the Team and records team.renamed', async () => {
    const response = await call(t, demo.olivia, 'PUT', teamUrl(demo.oliviaAcme), { name: '  Acme Labs  ' });
    expect(response.statusCode).toBe(200);
    const team = response.json<Team>();
    expect(team).toMatchObject({
      id: demo.oliviaAcme.teamId,
      name: 'Acme Labs',
      usersCnt: 3,
      plan: 'premium',
    });
    const list = await call(t, demo.olivia, 'GET', '/api/v1/collab/teams');
    expect(list.json<{ items: TeamMembership[] }>().items.map((m) => m.team.name)).toContain('Acme Labs');
    expect(await lastEvent(demo.olivia, demo.oliviaAcme)).toMatchObject({
      type: 'team.renamed',
      data: {
        actor: { id: demo.oliviaAcme.id, email: demoAccounts.olivia.email },
        from: demoTeams.acme.name,
        to: 'Acme Labs',
      },
    });
    // The same name again changes nothing and records nothing.
    const before = (await eventsOf(demo.olivia, demo.oliviaAcme)).length;
    await call(t, demo.olivia, 'PUT', teamUrl(demo.oliviaAcme), { name: 'Acme Labs' });
    expect(await eventsOf(demo.olivia, demo.oliviaAcme)).toHaveLength(before);
    await call(t, demo.olivia, 'PUT', teamUrl(demo.oliviaAcme), { name: demoTeams.acme.name });
  });

  it.each([
    [{ name: '' }, [{ field: 'name', message: 'must not be empty' }]],
    [{ name: '   ' }, [{ field: 'name', message: 'must not be empty' }]],
    [{ name: 'x'.repeat(101) }, [{ field: 'name', message: 'is too long' }]],
    [{ name: 'Two\nlines' }, [{ field: 'name', message: 'is invalid' }]],
    [{ name: 5 }, [{ field: 'name', message: 'is invalid' }]],
    [{ domainSignupsEnabled: 'yes' }, [{ field: 'domainSignupsEnabled', message: 'is invalid' }]],
    [{ plan: 'pro' }, [{ field: 'plan', message: 'is not allowed' }]],
  ])('refuses %j with errorCode 10 and the field list', async (body, fields) => {
    const response = await call(t, demo.olivia, 'PUT', teamUrl(demo.oliviaAcme), body);
    expect(errorOf(response)).toEqual({ status: 400, code: 10, data: fields });
    expect((await t.repos.teams.findById(demo.oliviaAcme.teamId))?.name).toBe(demoTeams.acme.name);
  });

  it('switches domain sign-up, only for a team with a domain', async () => {
    const off = await call(t, demo.olivia, 'PUT', teamUrl(demo.oliviaAcme), { domainSignupsEnabled: false });
    expect(off.json<Team>().domainSignupsEnabled).toBe(false);
    expect(await lastEvent(demo.olivia, demo.oliviaAcme)).toMatchObject({
      type: 'team.domain_signups_changed',
      data: { domainSignupsEnabled: false },
    });
    const on = await call(t, demo.olivia, 'PUT', teamUrl(demo.oliviaAcme), { domainSignupsEnabled: true });
    expect(on.json<Team>().domainSignupsEnabled).toBe(true);

    const { world, owner } = await createSignedInTeam(t, { domain: null });
    const response = await call(t, owner, 'PUT', teamUrl(world.owner), { domainSignupsEnabled: true });
    expect(errorOf(response)).toEqual({
      status: 400,
      code: 10,
      data: [{ field: 'domainSignupsEnabled', message: 'is invalid' }],
    });
  });
});

describe('PUT /teams/{tid}-{uid}/settings', () => {
  it('changes the given flags, answers TeamSettings and records only what changed', async () => {
    const response = await call(t, demo.olivia, 'PUT', `${teamUrl(demo.oliviaAcme)}/settings`, {
      adminsCanDelete: true,
      adminsCanDeactivate: true,
    });
    expect(response.json()).toEqual({
      adminsCanAssignAdmins: true,
      adminsCanDeactivate: true,
      adminsCanDelete: true,
    });
    expect(await lastEvent(demo.olivia, demo.oliviaAcme)).toMatchObject({
      type: 'team.settings_changed',
      data: { actor: { id: demo.oliviaAcme.id }, changes: { adminsCanDelete: true } },
    });
    const back = await call(t, demo.olivia, 'PUT', `${teamUrl(demo.oliviaAcme)}/settings`, {
      adminsCanDelete: false,
    });
    expect(back.json()).toEqual({
      adminsCanAssignAdmins: true,
      adminsCanDeactivate: true,
      adminsCanDelete: false,
    });
  });

  it('validates the flags', async () => {
    const response = await call(t, demo.olivia, 'PUT', `${teamUrl(demo.oliviaAcme)}/settings`, {
      adminsCanDelete: 'true',
      admins: true,
    });
    expect(errorOf(response)).toEqual({
      status: 400,
      code: 10,
      data: [
        { field: 'adminsCanDelete', message: 'is invalid' },
        { field: 'admins', message: 'is not allowed' },
      ],
    });
  });
});

describe('seats: GET /{tid}-{uid}/usage and usersCnt', () => {
  it('count active members only: pending, banned and removed members are not billable', async () => {
    const { world, owner, member } = await createSignedInTeam(t);
    const usage = async () =>
      (await call(t, member, 'GET', `/api/v1/collab/${refOf(world.member)}/usage`)).json();
    const usersCnt = async () =>
      (await call(t, owner, 'GET', teamUrl(world.owner))).json<TeamMembership>().team.usersCnt;
    expect(await usage()).toEqual({ usersCnt: 3 });

    const invited = await call(t, owner, 'POST', `${teamUrl(world.owner)}/invite`, [
      { email: 'seat@fixture.test' },
    ]);
    expect(invited.statusCode).toBe(200);
    expect(await usage()).toEqual({ usersCnt: 3 });

    await call(t, owner, 'POST', `/api/v1/collab/${refOf(world.owner)}/users/${world.admin.id}/ban`);
    expect(await usage()).toEqual({ usersCnt: 2 });
    expect(await usersCnt()).toBe(2);
    await call(t, owner, 'POST', `/api/v1/collab/${refOf(world.owner)}/users/${world.admin.id}/unban`);
    await call(t, owner, 'POST', `/api/v1/collab/${refOf(world.owner)}/users/${world.admin.id}/kick`);
    expect(await usage()).toEqual({ usersCnt: 2 });
    expect(await usersCnt()).toBe(2);
    expect(await t.repos.seats.count(world.team.id)).toBe(2);
  });

  it('Acme Inc has 3 seats: Olivia, Adam, Mia (Ben is banned, Paula pending)', async () => {
    expect((await call(t, demo.mia, 'GET', `/api/v1/collab/${refOf(demo.miaAcme)}/usage`)).json()).toEqual({
      usersCnt: 3,
    });
  });
});

describe('DELETE /teams/{tid}-{uid}', () => {
  it('marks the team deleted: gone from GET /teams, 1502 afterwards, members told in their own stream', async () => {
    const bella = await demoPerson(t, demoAccounts.bella.email);
    const bellaBakery = await demoMember(t, demoAccounts.bella.email, demoTeams.bakery.name);
    const oliviaBakery = await demoMember(t, demoAccounts.olivia.email, demoTeams.bakery.name);
    const response = await call(t, bella, 'DELETE', teamUrl(bellaBakery));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    const list = await call(t, demo.olivia, 'GET', '/api/v1/collab/teams');
    expect(list.json<{ items: TeamMembership[] }>().items.map((m) => m.team.name)).not.toContain(
      demoTeams.bakery.name,
    );
    for (const url of [teamUrl(bellaBakery), `/api/v1/collab/${refOf(bellaBakery)}/users`]) {
      expect(errorOf(await call(t, bella, 'GET', url))).toEqual({
        status: 404,
        code: 1502,
        data: { teamId: bellaBakery.teamId, userId: bellaBakery.id },
      });
    }
    expect(errorOf(await call(t, bella, 'DELETE', teamUrl(bellaBakery))).code).toBe(1502);
    const own = (await call(t, demo.olivia, 'GET', '/api/v1/events')).json<TeamEvent[]>();
    expect(own.at(-1)).toMatchObject({
      type: 'team.deleted',
      data: { teamId: bellaBakery.teamId, name: demoTeams.bakery.name, actor: { id: bellaBakery.id } },
    });
    expect(oliviaBakery.teamId).toBe(bellaBakery.teamId);
  });
});

describe('POST /teams/{tid}/leave', () => {
  it("takes the caller's own membership, confirmed by its email in any case; then 1600", async () => {
    const { world, owner, member } = await createSignedInTeam(t);
    const leave = (who: Person, email: string) =>
      call(t, who, 'POST', `/api/v1/collab/teams/${world.team.id}/leave`, { email });

    // Another address, even a teammate's: the caller can only ever take out their own membership.
    for (const email of ['someone@else.test', world.admin.email]) {
      expect(errorOf(await leave(member, email)), email).toEqual({
        status: 400,
        code: 10,
        data: [{ field: 'email', message: 'is incorrect' }],
      });
    }
    expect((await t.repos.teamUsers.findInTeam(world.team.id, world.admin.id))?.teamStatus).toBe('active');
    expect(errorOf(await leave(member, ''))).toEqual({
      status: 400,
      code: 10,
      data: [{ field: 'email', message: 'must not be empty' }],
    });
    expect(errorOf(await leave(owner, world.owner.email))).toEqual({ status: 403, code: 1700, data: null });

    const response = await leave(member, ` ${world.member.email.toUpperCase()} `);
    expect(response.statusCode).toBe(204);
    expect((await t.repos.teamUsers.findInTeam(world.team.id, world.member.id))?.teamStatus).toBe('deleted');
    expect(errorOf(await call(t, member, 'GET', teamUrl(world.member)))).toMatchObject({
      status: 403,
      code: 1600,
    });
    expect(errorOf(await leave(member, world.member.email))).toEqual({
      status: 403,
      code: 1600,
      data: { teamId: world.team.id, userId: world.member.id },
    });
    expect(await lastEvent(owner, world.owner)).toMatchObject({
      type: 'user.left',
      data: { actor: { id: world.member.id, email: world.member.email } },
    });
    expect((await call(t, owner, 'GET', `/api/v1/collab/${refOf(world.owner)}/usage`)).json()).toEqual({
      usersCnt: 2,
    });
  });

  it('an unknown team is 1502, a malformed id 400', async () => {
    expect(
      errorOf(await call(t, demo.mia, 'POST', '/api/v1/collab/teams/999999/leave', { email: 'x@y.z' })),
    ).toEqual({
      status: 404,
      code: 1502,
      data: null,
    });
    expect(
      errorOf(await call(t, demo.mia, 'POST', '/api/v1/collab/teams/abc/leave', { email: 'x@y.z' })),
    ).toEqual({
      status: 400,
      code: 10,
      data: [{ field: 'teamId', message: 'is invalid' }],
    });
  });
});
