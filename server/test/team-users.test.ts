import type { Paged, TeamEvent, TeamUser } from '@domain/entities';
import { describe, expect, it } from 'vitest';
import type { TeamUserRecord } from '../src/db/repositories/team-users.repository';
import { demoAccounts } from '../src/seed/demo-data';
import { errorOf, setupTestApp } from './helper';
import { call, createSignedInTeam, refOf, setupAcmeCast } from './team-fixtures';

const t = setupTestApp();
const demo = setupAcmeCast(t, 'olivia', 'mia');

const usersUrl = (user: TeamUserRecord) => `/api/v1/collab/${refOf(user)}/users`;

describe('GET /{tid}-{uid}/users', () => {
  it('pages through 1,200 members, 500 a page, by id, without removed members', async () => {
    const { world, member } = await createSignedInTeam(t);
    // 1,200 more: every 7th pending, every 11th banned, every 13th removed (hidden from the list).
    await t.db.query(
      `INSERT INTO team_users (team_id, email, full_name, role, team_status, is_banned)
       SELECT $1, 'bulk' || n || '@fixture.test', 'Bulk ' || n, 'member',
              CASE WHEN n % 13 = 0 THEN 'deleted' WHEN n % 7 = 0 THEN 'pending' ELSE 'active' END, n % 11 = 0
       FROM generate_series(1, 1200) AS n`,
      [world.team.id],
    );
    const removed = Math.floor(1200 / 13);
    const expected = 3 + 1200 - removed;

    const seen: TeamUser[] = [];
    const tokens: (string | null)[] = [];
    let token: string | null = null;
    do {
      const query: string = token === null ? '' : `?pageToken=${encodeURIComponent(token)}`;
      const response = await call(t, member, 'GET', `${usersUrl(world.member)}${query}`);
      expect(response.statusCode).toBe(200);
      const page = response.json<Paged<TeamUser>>();
      seen.push(...page.items);
      token = page.nextPageToken;
      tokens.push(token);
    } while (token !== null && tokens.length < 10);

    expect(seen.map((u) => u.id)).toHaveLength(expected);
    expect(tokens).toHaveLength(Math.ceil(expected / 500));
    expect(tokens.at(-1)).toBeNull();
    const ids = seen.map((u) => u.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    expect(seen.some((u) => u.teamStatus === 'deleted')).toBe(false);
    expect(seen.filter((u) => u.teamStatus === 'pending').length).toBeGreaterThan(100);
    expect(seen.filter((u) => u.isBanned).length).toBeGreaterThan(90);
    expect(seen[0]).toEqual({
      id: world.owner.id,
      teamId: world.team.id,
      email: world.owner.email,
      fullName: 'O',
      avatar: null,
      role: 'owner',
      status: 'active',
      teamStatus: 'active',
      isBanned: false,
      inviterId: null,
    });
    expect(Object.keys(seen[0] as object)).not.toContain('accountId');
  });

  it('lists the demo team: banned Ben and pending Paula included', async () => {
    const page = (await call(t, demo.mia, 'GET', usersUrl(demo.miaAcme))).json<Paged<TeamUser>>();
    expect(page.nextPageToken).toBeNull();
    expect(page.items.map((u) => [u.email, u.role, u.teamStatus, u.isBanned])).toEqual([
      ['olivia@acme.test', 'owner', 'active', false],
      ['adam@acme.test', 'admin', 'active', false],
      ['mia@acme.test', 'member', 'active', false],
      ['ben@acme.test', 'member', 'active', true],
      ['paula@acme.test', 'member', 'pending', false],
    ]);
  });

  it.each([
    'garbage!',
    'bm9wZQ',
    Buffer.from('v1:abc').toString('base64url'),
    Buffer.from('v1:0').toString('base64url'),
    Buffer.from('v1:99999999999').toString('base64url'),
  ])('refuses the page token %s: 400, field pageToken', async (token) => {
    const response = await call(
      t,
      demo.mia,
      'GET',
      `${usersUrl(demo.miaAcme)}?pageToken=${encodeURIComponent(token)}`,
    );
    expect(errorOf(response)).toEqual({
      status: 400,
      code: 10,
      data: [{ field: 'pageToken', message: 'is invalid' }],
    });
  });

  it('an empty page token is the first page', async () => {
    const response = await call(t, demo.mia, 'GET', `${usersUrl(demo.miaAcme)}?pageToken=`);
    expect(response.json<Paged<TeamUser>>().items).toHaveLength(5);
  });
});

describe('GET and PUT /{tid}-{uid}/users/{id or me}', () => {
  it("reads anyone in the team, 'me' being the caller", async () => {
    const me = await call(t, demo.mia, 'GET', `${usersUrl(demo.miaAcme)}/me`);
    expect(me.json()).toMatchObject({ id: demo.miaAcme.id, email: demoAccounts.mia.email, role: 'member' });
    const owner = await call(t, demo.mia, 'GET', `${usersUrl(demo.miaAcme)}/${demo.oliviaAcme.id}`);
    expect(owner.json()).toMatchObject({ id: demo.oliviaAcme.id, role: 'owner' });
    expect(errorOf(await call(t, demo.mia, 'GET', `${usersUrl(demo.miaAcme)}/myself`))).toEqual({
      status: 400,
      code: 10,
      data: [{ field: 'id', message: 'is invalid' }],
    });
  });

  it('updates the own full name (trimmed), by id or me, and records user.profile_changed', async () => {
    const response = await call(t, demo.mia, 'PUT', `${usersUrl(demo.miaAcme)}/me`, {
      fullName: '  Mia M. Member ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: demo.miaAcme.id, fullName: 'Mia M. Member' });
    const byId = await call(t, demo.mia, 'PUT', `${usersUrl(demo.miaAcme)}/${demo.miaAcme.id}`, {
      fullName: 'Mia Member',
    });
    expect(byId.json()).toMatchObject({ fullName: 'Mia Member' });
    const events = (await call(t, demo.mia, 'GET', `/api/v3/collab/${refOf(demo.miaAcme)}/events`)).json<
      TeamEvent[]
    >();
    expect(events.filter((e) => e.type === 'user.profile_changed').map((e) => e.data)).toEqual([
      { actor: { id: demo.miaAcme.id, email: demoAccounts.mia.email }, changes: ['fullName'] },
      { actor: { id: demo.miaAcme.id, email: demoAccounts.mia.email }, changes: ['fullName'] },
    ]);
    const own = (await call(t, demo.mia, 'GET', '/api/v1/events')).json<TeamEvent[]>();
    expect(own.filter((e) => e.type === 'user.profile_changed')).toHaveLength(2);
  });

  it.each([
    [{ fullName: '' }, 'fullName', 'must not be empty'],
    [{ fullName: '  ' }, 'fullName', 'must not be empty'],
    [{}, 'fullName', 'is required'],
    [{ fullName: 'x'.repeat(201) }, 'fullName', 'is too long'],
    [{ fullName: 'Mia', role: 'owner' }, 'role', 'is not allowed'],
  ])('refuses %j', async (body, field, message) => {
    const response = await call(t, demo.mia, 'PUT', `${usersUrl(demo.miaAcme)}/me`, body);
    expect(errorOf(response)).toEqual({ status: 400, code: 10, data: [{ field, message }] });
  });

  it("never someone else's profile, not even the owner's: 403 1700", async () => {
    const response = await call(t, demo.olivia, 'PUT', `${usersUrl(demo.oliviaAcme)}/${demo.miaAcme.id}`, {
      fullName: 'Hacked',
    });
    expect(errorOf(response)).toEqual({ status: 403, code: 1700, data: null });
    expect((await t.repos.teamUsers.findInTeam(demo.miaAcme.teamId, demo.miaAcme.id))?.fullName).toBe(
      'Mia Member',
    );
  });
});

describe('row actions change what they say', () => {
  it('role, ban, unban, kick: results, events naming actor and target, removed members gone', async () => {
    const { world, owner, member } = await createSignedInTeam(t);
    const user = `${usersUrl(world.owner)}/${world.member.id}`;

    const promoted = await call(t, owner, 'PUT', `${user}/role`, { role: 'admin' });
    expect(promoted.json()).toMatchObject({ id: world.member.id, role: 'admin' });
    expect(errorOf(await call(t, owner, 'PUT', `${user}/role`, { role: 'owner' }))).toEqual({
      status: 400,
      code: 10,
      data: [{ field: 'role', message: 'is invalid' }],
    });
    const banned = await call(t, owner, 'POST', `${user}/ban`);
    expect(banned.json()).toMatchObject({ isBanned: true, role: 'admin' });
    // The banned member is locked out of the team.
    expect(errorOf(await call(t, member, 'GET', usersUrl(world.member)))).toMatchObject({ code: 1850 });
    const unbanned = await call(t, owner, 'POST', `${user}/unban`);
    expect(unbanned.json()).toMatchObject({ isBanned: false });
    expect((await call(t, member, 'GET', usersUrl(world.member))).statusCode).toBe(200);

    const kicked = await call(t, owner, 'POST', `${user}/kick`);
    expect(kicked.statusCode).toBe(204);
    expect(errorOf(await call(t, member, 'GET', usersUrl(world.member)))).toMatchObject({ code: 1600 });
    const list = (await call(t, owner, 'GET', usersUrl(world.owner))).json<Paged<TeamUser>>();
    expect(list.items.map((u) => u.id)).not.toContain(world.member.id);
    expect(errorOf(await call(t, owner, 'POST', `${user}/kick`))).toEqual({
      status: 404,
      code: 2200,
      data: null,
    });

    const events = (await call(t, owner, 'GET', `/api/v3/collab/${refOf(world.owner)}/events`)).json<
      TeamEvent[]
    >();
    const actor = { id: world.owner.id, email: world.owner.email };
    const target = { id: world.member.id, email: world.member.email };
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['user.role_changed', { actor, target, from: 'member', to: 'admin' }],
      ['user.banned', { actor, target }],
      ['user.unbanned', { actor, target }],
      ['user.removed', { actor, target }],
    ]);
    const theirs = (await call(t, member, 'GET', '/api/v1/events')).json<TeamEvent[]>();
    expect(theirs.map((e) => e.type)).toEqual([
      'user.role_changed',
      'user.banned',
      'user.unbanned',
      'user.removed',
    ]);
    expect(theirs[0]?.data).toMatchObject({ teamId: world.team.id, target });
  });

  it('repeating a ban changes nothing and records nothing', async () => {
    const { world, owner } = await createSignedInTeam(t);
    const user = `${usersUrl(world.owner)}/${world.member.id}`;
    await call(t, owner, 'POST', `${user}/ban`);
    const again = await call(t, owner, 'POST', `${user}/ban`);
    expect(again.json()).toMatchObject({ isBanned: true });
    const events = (await call(t, owner, 'GET', `/api/v3/collab/${refOf(world.owner)}/events`)).json<
      TeamEvent[]
    >();
    expect(events.map((e) => e.type)).toEqual(['user.banned']);
  });
});
