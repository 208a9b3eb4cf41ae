import type { TeamMembership, Tokens } from '@domain/entities';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoTeams } from '../src/seed/demo-data';
import { errorOf, setupTestApp, signIn, withBearer } from './helper';

const t = setupTestApp();
let olivia: Tokens;
let memberships: TeamMembership[];

const getTeam = (ref: string, tokens: Tokens = olivia) =>
  t.app.inject({ url: `/api/v1/collab/teams/${ref}`, headers: withBearer(tokens.accessToken) });

/** The demo membership of `email` in the team called `teamName`, as {tid}-{uid}. */
async function refOf(email: string, teamName: string): Promise<string> {
  const [team] = await t.repos.teams.findByName(teamName);
  const user = (await t.repos.teamUsers.listByTeam(team?.id as number)).find((u) => u.email === email);
  return `${team?.id}-${user?.id}`;
}

beforeAll(async () => {
  olivia = await signIn(t, demoAccounts.olivia.email);
  memberships = (
    await t.app.inject({ url: '/api/v1/collab/teams', headers: withBearer(olivia.accessToken) })
  ).json<{ items: TeamMembership[] }>().items;
});

describe('GET /api/v1/collab/teams', () => {
  it("lists the caller's memberships sorted by team name, each with team and profile", () => {
    expect(memberships.map((m) => [m.team.name, m.profile.role])).toEqual([
      [demoTeams.acme.name, 'owner'],
      [demoTeams.bakery.name, 'member'],
      [demoTeams.trial.name, 'member'],
    ]);
    const acme = memberships[0] as TeamMembership;
    expect(acme.team).toEqual({
      id: acme.team.id,
      name: 'Acme Inc',
      logo: null,
      plan: 'premium',
      usersCnt: 3,
      domain: 'acme.test',
      domainSignupsEnabled: true,
      trialStatus: null,
      trialEndAt: null,
      subscriptionCancelAt: null,
      paymentProvider: null,
      settings: { adminsCanAssignAdmins: true, adminsCanDeactivate: true, adminsCanDelete: false },
    });
    expect(acme.profile).toEqual({
      id: acme.profile.id,
      teamId: acme.team.id,
      email: demoAccounts.olivia.email,
      fullName: demoAccounts.olivia.fullName,
      avatar: null,
      role: 'owner',
      status: 'active',
      teamStatus: 'active',
      isBanned: false,
      inviterId: null,
    });
    expect(memberships[2]?.team.trialStatus).toBe('in_progress');
    expect(memberships[2]?.team.trialEndAt).toBeGreaterThan(Date.now() / 1000 + 9 * 86400);
  });

  it('is empty for an account without teams, and needs a token', async () => {
    const solo = await signIn(t, demoAccounts.solo.email);
    const response = await t.app.inject({
      url: '/api/v1/collab/teams',
      headers: withBearer(solo.accessToken),
    });
    expect(response.json()).toEqual({ items: [] });
    expect(errorOf(await t.app.inject({ url: '/api/v1/collab/teams' }))).toMatchObject({
      status: 401,
      code: 1200,
    });
  });
});

describe('GET /api/v1/collab/teams/{tid}-{uid}', () => {
  it("returns the caller's own membership", async () => {
    for (const membership of memberships) {
      const response = await getTeam(`${membership.team.id}-${membership.profile.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(membership);
    }
  });

  it("refuses someone else's membership: 403, errorCode 1600, errorData {teamId, userId}", async () => {
    const ref = await refOf(demoAccounts.adam.email, demoTeams.acme.name);
    const [teamId, userId] = ref.split('-').map(Number);
    expect(errorOf(await getTeam(ref))).toEqual({ status: 403, code: 1600, data: { teamId, userId } });
    // A team user id from another team does not work either.
    const bakeryMembership = memberships.find((m) => m.team.name === demoTeams.bakery.name) as TeamMembership;
    expect(errorOf(await getTeam(`${teamId}-${bakeryMembership.profile.id}`))).toMatchObject({ code: 1600 });
    // Nor does a team the caller is not in at all.
    const mia = await signIn(t, demoAccounts.mia.email);
    expect(errorOf(await getTeam(ref, mia))).toMatchObject({ status: 403, code: 1600 });
  });

  it('answers 404 with errorCode 1502 for an unknown or deleted team', async () => {
    expect(errorOf(await getTeam('999999-1'))).toEqual({
      status: 404,
      code: 1502,
      data: { teamId: 999999, userId: 1 },
    });
    const trial = memberships.find((m) => m.team.name === demoTeams.trial.name) as TeamMembership;
    await t.db.query('UPDATE teams SET deleted_at = now() WHERE id = $1', [trial.team.id]);
    try {
      expect(errorOf(await getTeam(`${trial.team.id}-${trial.profile.id}`))).toMatchObject({
        status: 404,
        code: 1502,
      });
      const list = await t.app.inject({
        url: '/api/v1/collab/teams',
        headers: withBearer(olivia.accessToken),
      });
      expect(list.json<{ items: TeamMembership[] }>().items.map((m) => m.team.name)).not.toContain(
        demoTeams.trial.name,
      );
    } finally {
      await t.db.query('UPDATE teams SET deleted_at = NULL WHERE id = $1', [trial.team.id]);
    }
  });

  it('answers 403 with errorCode 1850 for a banned membership', async () => {
    const ben = await signIn(t, demoAccounts.ben.email);
    const ref = await refOf(demoAccounts.ben.email, demoTeams.acme.name);
    expect(errorOf(await getTeam(ref, ben))).toMatchObject({ status: 403, code: 1850 });
  });

  it.each(['abc', '1', '1-', '-1', '1-2-3', '0-1', '01-2', '1-x', '1.5-2', '99999999999-1'])(
    'answers 400 with errorCode 10 for the malformed ref %s',
    async (ref) => {
      expect(errorOf(await getTeam(ref))).toEqual({
        status: 400,
        code: 10,
        data: [{ field: 'teamUser', message: 'is invalid' }],
      });
    },
  );

  it('checks the token before the ref', async () => {
    expect(errorOf(await t.app.inject({ url: '/api/v1/collab/teams/abc' }))).toMatchObject({
      status: 401,
      code: 1200,
    });
  });
});
