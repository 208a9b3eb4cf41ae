import type { TeamMembership, Tokens } from '@domain/entities';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoAccounts } from '../src/seed/demo-data';
import { errorOf, setupTestApp, signIn, twoServers, withBearer } from './helper';

// Round trips per call (issue 13): a read of a team resource checks the session, the team and the
// membership in one statement, then runs its own. Counted by watching the app's Db.
const t = setupTestApp();
let olivia: Tokens;
let acme: string;
let queries: string[];

beforeAll(async () => {
  olivia = await signIn(t, demoAccounts.olivia.email);
  const list = await t.app.inject({ url: '/api/v1/collab/teams', headers: withBearer(olivia.accessToken) });
  const first = list.json<{ items: TeamMembership[] }>().items[0] as TeamMembership;
  acme = `${first.team.id}-${first.profile.id}`;
});

let transactions: number;

/** Counts the statements of the app's Db, those inside its transactions included. */
function countQueries() {
  vi.restoreAllMocks();
  queries = [];
  transactions = 0;
  const query = t.db.query.bind(t.db);
  vi.spyOn(t.db, 'query').mockImplementation((sql, params) => {
    queries.push(sql);
    return query(sql, params);
  });
  const transaction = t.db.transaction.bind(t.db);
  vi.spyOn(t.db, 'transaction').mockImplementation((fn) => {
    transactions++;
    return transaction((tx) =>
      fn({
        query: (sql, params) => {
          queries.push(sql);
          return tx.query(sql, params);
        },
        exec: (sql) => tx.exec(sql),
      }),
    );
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

const get = (url: string, tokens: Tokens = olivia) =>
  t.app.inject({ url, headers: withBearer(tokens.accessToken) });

// Two servers (TEST_TWO_SERVERS=1) have a Db each; the count is this server's alone.
describe.skipIf(twoServers)('queries per call', () => {
  it('GET team: one statement (session, team and membership together)', async () => {
    countQueries();
    const response = await get(`/api/v1/collab/teams/${acme}`);
    expect(response.statusCode).toBe(200);
    expect(queries).toHaveLength(1);
  });

  it('GET a members page: one statement (the page read with the caller check, decision 027)', async () => {
    countQueries();
    const first = await get(`/api/v1/collab/${acme}/users`);
    expect(first.statusCode).toBe(200);
    expect(queries).toHaveLength(1);
    const { items } = first.json<{ items: { id: number }[] }>();
    expect(items.length).toBeGreaterThan(1);
    // A later page too: the token's id is read before the statement is sent.
    countQueries();
    const token = Buffer.from(`v1:${items[0]?.id}`).toString('base64url');
    const later = await get(`/api/v1/collab/${acme}/users?pageToken=${token}`);
    expect(later.statusCode).toBe(200);
    expect(later.json<{ items: unknown[] }>().items).toEqual(items.slice(1));
    expect(queries).toHaveLength(1);
  });

  it("GET usage: the caller check plus the call's own query", async () => {
    countQueries();
    expect((await get(`/api/v1/collab/${acme}/usage`)).statusCode).toBe(200);
    expect(queries).toHaveLength(2);
  });

  it('PUT team rename: the caller check, then one transaction of four (lock, read, update, event)', async () => {
    countQueries();
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/collab/teams/${acme}`,
      headers: { ...withBearer(olivia.accessToken), 'content-type': 'application/json' },
      payload: { name: 'Acme Renamed' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Acme Renamed' });
    expect(transactions).toBe(1);
    expect(queries).toHaveLength(5);
    // The same name again changes nothing: no event, one statement fewer.
    countQueries();
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/collab/teams/${acme}`,
      headers: { ...withBearer(olivia.accessToken), 'content-type': 'application/json' },
      payload: { name: 'Acme Renamed' },
    });
    expect(again.json()).toEqual(response.json());
    expect(queries).toHaveLength(4);
  });

  it('a route without {tid}-{uid} checks the session alone', async () => {
    countQueries();
    expect((await get('/api/v2/profile')).statusCode).toBe(200);
    expect(queries.length).toBeGreaterThanOrEqual(1);
    expect(queries[0]).toMatch(/FROM sessions/);
  });
});

describe('the combined check keeps every answer', () => {
  it('a revoked session is 401 on a team route, before the team is looked at', async () => {
    const mia = await signIn(t, demoAccounts.mia.email);
    const session = await t.db.query<{ family_id: string }>(
      'SELECT family_id FROM sessions WHERE account_id = (SELECT id FROM accounts WHERE email = $1)',
      [demoAccounts.mia.email],
    );
    await t.repos.sessions.revokeFamily(session[0]?.family_id as string);
    expect(errorOf(await get(`/api/v1/collab/teams/${acme}`, mia))).toMatchObject({
      status: 401,
      code: 1200,
    });
    expect(errorOf(await get('/api/v1/collab/teams/999999-1', mia))).toMatchObject({
      status: 401,
      code: 1200,
    });
  });

  it("an unknown team is 1502, another person's row 1600", async () => {
    expect(errorOf(await get('/api/v1/collab/teams/999999-1'))).toMatchObject({ status: 404, code: 1502 });
    const [teamId, userId] = acme.split('-').map(Number) as [number, number];
    const others = (await t.repos.teamUsers.listByTeam(teamId)).filter((u) => u.id !== userId);
    const other = others[0];
    expect(other).toBeDefined();
    expect(errorOf(await get(`/api/v1/collab/teams/${teamId}-${other?.id}`))).toMatchObject({
      status: 403,
      code: 1600,
    });
  });
});
