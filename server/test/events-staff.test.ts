import type { TeamEvent } from '@domain/entities';
import { describe, expect, it } from 'vitest';
import { EVENTS_PAGE_SIZE } from '../src/routes/events.routes';
import { errorOf, setupTestApp, withBearer } from './helper';
import { call, createPerson, createSignedInTeam, type Person, refOf } from './team-fixtures';

// GET /api/v1/events: staff read every team's events there (the debug viewer's global stream); anyone
// else still reads only their own account's stream.

const t = setupTestApp({ seed: false });

async function staffPerson(): Promise<Person> {
  const person = await createPerson(t, 'Staff');
  await t.db.query('UPDATE accounts SET is_staff = true WHERE id = $1', [person.account.id]);
  return person;
}

const globalEvents = (who: Person, offset = 0) =>
  call(t, who, 'GET', `/api/v1/events?offset=${offset}`).then((r) => r.json<TeamEvent[]>());

describe('GET /api/v1/events', () => {
  it('staff see every team’s events, with teamId; other callers only their own stream', async () => {
    const staff = await staffPerson();
    const a = await createSignedInTeam(t);
    const b = await createSignedInTeam(t);
    const start = Date.now() - 1;
    await call(t, a.owner, 'PUT', `/api/v1/collab/teams/${refOf(a.world.owner)}`, { name: 'Renamed A' });
    await call(t, b.owner, 'PUT', `/api/v1/collab/teams/${refOf(b.world.owner)}`, { name: 'Renamed B' });

    const seen = await globalEvents(staff, start);
    expect(seen.map((e) => [e.type, (e.data as { teamId: number; to: string }).teamId])).toEqual([
      ['team.renamed', a.world.team.id],
      ['team.renamed', b.world.team.id],
    ]);
    expect(seen[1]?.data).toMatchObject({ to: 'Renamed B', actor: { email: b.owner.account.email } });
    // Polling on from the last id gives nothing new.
    expect(await globalEvents(staff, seen.at(-1)?.id)).toEqual([]);

    // A team's owner reads their own account stream: no renames of team B, nothing of team A's rename.
    const own = await globalEvents(a.owner, start);
    expect(own.map((e) => e.type)).not.toContain('team.renamed');
  });

  it('the flag is read on every call: revoked staff fall back to their own stream at once', async () => {
    const staff = await staffPerson();
    const a = await createSignedInTeam(t);
    const start = Date.now() - 1;
    await call(t, a.owner, 'PUT', `/api/v1/collab/teams/${refOf(a.world.owner)}`, { name: 'Again' });
    expect((await globalEvents(staff, start)).length).toBeGreaterThan(0);
    await t.db.query('UPDATE accounts SET is_staff = false WHERE id = $1', [staff.account.id]);
    expect(await globalEvents(staff, start)).toEqual([]);
  });

  it('a full page never splits the events of one id across two polls', async () => {
    const staff = await staffPerson();
    const a = await createSignedInTeam(t);
    const b = await createSignedInTeam(t);
    const base = Date.now() + 60_000;
    // EVENTS_PAGE_SIZE - 1 events in team A, then one id shared by both teams at the page's edge.
    const values: string[] = [];
    for (let i = 0; i < EVENTS_PAGE_SIZE - 1; i++)
      values.push(`(${a.world.team.id}, ${base + i}, 'x', '{}')`);
    values.push(`(${a.world.team.id}, ${base + EVENTS_PAGE_SIZE}, 'edge', '{}')`);
    values.push(`(${b.world.team.id}, ${base + EVENTS_PAGE_SIZE}, 'edge', '{}')`);
    await t.db.query(`INSERT INTO team_events (team_id, id, type, data) VALUES ${values.join(', ')}`);
    const first = await globalEvents(staff, base - 1);
    expect(first).toHaveLength(EVENTS_PAGE_SIZE - 1);
    const second = await globalEvents(staff, first.at(-1)?.id);
    expect(second.map((e) => e.type)).toEqual(['edge', 'edge']);
  });

  it('without a session: 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/events', headers: withBearer('x') });
    expect(errorOf(response).status).toBe(401);
  });
});
