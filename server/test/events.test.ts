import type { TeamEvent } from '@domain/entities';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../src/db/repositories';
import { errorOf, setupTestApp } from './helper';
import { call, createPerson, createSmallTeam, type Person, refOf, type SmallTeam } from './team-fixtures';

const t = setupTestApp({ seed: false });
let owner: Person;
let admin: Person;
let member: Person;
let world: SmallTeam;

beforeAll(async () => {
  [owner, admin, member] = [
    await createPerson(t, 'O'),
    await createPerson(t, 'A'),
    await createPerson(t, 'M'),
  ];
  world = await createSmallTeam(t, { owner, admin, member });
});

const eventsUrl = (offset?: string | number) =>
  `/api/v3/collab/${refOf(world.member)}/events${offset === undefined ? '' : `?offset=${offset}`}`;

describe('GET /api/v3/collab/{tid}-{uid}/events', () => {
  it('returns the events after the offset, oldest first, ids being millisecond timestamps', async () => {
    const before = Date.now();
    await call(t, owner, 'PUT', `/api/v1/collab/teams/${refOf(world.owner)}`, { name: 'Events One' });
    await call(t, owner, 'PUT', `/api/v1/collab/teams/${refOf(world.owner)}`, { name: 'Events Two' });
    await call(t, owner, 'PUT', `/api/v1/collab/${refOf(world.owner)}/users/${world.member.id}/role`, {
      role: 'admin',
    });

    const all = (await call(t, member, 'GET', eventsUrl())).json<TeamEvent[]>();
    expect(all.map((e) => e.type)).toEqual(['team.renamed', 'team.renamed', 'user.role_changed']);
    expect(all.map((e) => e.data)).toEqual([
      { actor: { id: world.owner.id, email: world.owner.email }, from: world.team.name, to: 'Events One' },
      { actor: { id: world.owner.id, email: world.owner.email }, from: 'Events One', to: 'Events Two' },
      {
        actor: { id: world.owner.id, email: world.owner.email },
        target: { id: world.member.id, email: world.member.email },
        from: 'member',
        to: 'admin',
      },
    ]);
    const ids = all.map((e) => e.id);
    expect(ids[0]).toBeGreaterThanOrEqual(before);
    expect(ids[2]).toBeLessThanOrEqual(Date.now() + 10);
    expect(ids[0]).toBeLessThan(ids[1] as number);
    expect(ids[1]).toBeLessThan(ids[2] as number);

    const later = (await call(t, member, 'GET', eventsUrl(ids[0] as number))).json<TeamEvent[]>();
    expect(later.map((e) => e.id)).toEqual(ids.slice(1));
    expect((await call(t, member, 'GET', eventsUrl(ids[2] as number))).json()).toEqual([]);
    expect((await call(t, member, 'GET', eventsUrl(0))).json()).toEqual(all);
  });

  it('keeps ids strictly increasing when the clock stands still or goes back, and under concurrent writers', async () => {
    const frozen = new Date('2020-01-01T00:00:00Z');
    const repos = createRepositories(t.db);
    const last = (await call(t, member, 'GET', eventsUrl())).json<TeamEvent[]>().at(-1)?.id ?? 0;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.db.transaction((tx) =>
          createRepositories(tx).events.record({
            teamId: world.team.id,
            type: 'test.tick',
            data: { i },
            at: frozen,
          }),
        ),
      ),
    );
    await repos.events.record({ teamId: world.team.id, type: 'test.tick', data: { i: 20 }, at: frozen });
    const ticks = (await call(t, member, 'GET', eventsUrl(last))).json<TeamEvent[]>();
    expect(ticks).toHaveLength(21);
    const ids = ticks.map((e) => e.id);
    for (let i = 1; i < ids.length; i++) expect(ids[i]).toBe((ids[i - 1] as number) + 1);
    expect(ids[0]).toBe(last + 1);
    expect(new Set(ticks.map((e) => (e.data as { i: number }).i)).size).toBe(21);
  });

  it('answers at most 500 events a call; the next call continues from the last id', async () => {
    const last = (await call(t, member, 'GET', eventsUrl())).json<TeamEvent[]>().at(-1)?.id ?? 0;
    await t.db.transaction(async (tx) => {
      const repos = createRepositories(tx);
      for (let i = 0; i < 600; i++) {
        await repos.events.record({ teamId: world.team.id, type: 'test.bulk', data: { i }, at: new Date() });
      }
    });
    const first = (await call(t, member, 'GET', eventsUrl(last))).json<TeamEvent[]>();
    expect(first).toHaveLength(500);
    const second = (await call(t, member, 'GET', eventsUrl(first.at(-1)?.id))).json<TeamEvent[]>();
    expect(second).toHaveLength(100);
    expect([...first, ...second].map((e) => (e.data as { i: number }).i)).toEqual(
      Array.from({ length: 600 }, (_, i) => i),
    );
  });

  it.each(['abc', '-1', '1.5', '1e400'])('refuses offset=%s: 400, field offset', async (offset) => {
    expect(errorOf(await call(t, member, 'GET', eventsUrl(offset)))).toEqual({
      status: 400,
      code: 10,
      data: [{ field: 'offset', message: expect.any(String) }],
    });
  });

  it('is for members of the team only, and each team has its own stream', async () => {
    const outsider = await createPerson(t, 'Outsider');
    expect(errorOf(await call(t, outsider, 'GET', eventsUrl()))).toMatchObject({ status: 403, code: 1600 });
    const other = await createSmallTeam(t, { owner: outsider, admin, member });
    expect((await call(t, outsider, 'GET', `/api/v3/collab/${refOf(other.owner)}/events`)).json()).toEqual(
      [],
    );
  });
});

describe('GET /api/v1/events', () => {
  it("is the caller's own stream: changes made to them in any team, with the teamId", async () => {
    const person = await createPerson(t, 'Target');
    const own = () => call(t, person, 'GET', '/api/v1/events');
    expect((await own()).json()).toEqual([]);
    const team = await createSmallTeam(t, { owner, admin: person, member });
    await call(t, owner, 'POST', `/api/v1/collab/${refOf(team.owner)}/users/${team.admin.id}/ban`);
    await call(t, owner, 'POST', `/api/v1/collab/${refOf(team.owner)}/users/${team.admin.id}/unban`);
    const events = (await own()).json<TeamEvent[]>();
    expect(events.map((e) => [e.type, (e.data as { teamId: number }).teamId])).toEqual([
      ['user.banned', team.team.id],
      ['user.unbanned', team.team.id],
    ]);
    expect((await call(t, person, 'GET', `/api/v1/events?offset=${events[0]?.id}`)).json()).toHaveLength(1);
    expect(errorOf(await t.app.inject({ url: '/api/v1/events' }))).toMatchObject({ status: 401, code: 1200 });
  });
});
