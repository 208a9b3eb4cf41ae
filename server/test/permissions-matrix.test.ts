import type { TeamPlan, TeamSettings } from '@domain/entities';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TeamUserRecord } from '../src/db/repositories/team-users.repository';
import { errorOf, setupTestApp } from './helper';
import {
  addTeamUser,
  call,
  createPerson,
  createSmallTeam,
  multipartFile,
  type Person,
  refOf,
  type SmallTeam,
  TINY_PNG,
} from './team-fixtures';

// Spec section 6 over HTTP: every action x every role x plan x the 'Admins Can' flag that matters x
// owner row versus member row, each on a fresh team. Allowed: the 2xx of docs/api.md, the change
// made and exactly one event recorded. Denied: 403 with errorCode 1700 and nothing changed.
// The expectations are written out here from the spec, not computed by the shared rules.

type Role = 'owner' | 'admin' | 'member';
type Flags = 'none' | 'all' | 'assign' | 'deactivate' | 'delete';
type Target = 'owner row' | 'member row' | 'own invitation' | "someone else's invitation";
type Action =
  | 'rename'
  | 'settings'
  | 'logo'
  | 'delete team'
  | 'leave'
  | 'invite'
  | 'resend'
  | 'change role'
  | 'ban'
  | 'unban'
  | 'kick'
  | 'cancel invitation';

interface Case {
  action: Action;
  role: Role;
  plan: TeamPlan;
  flags: Flags;
  target: Target | null;
}

const flagSettings: Record<Flags, TeamSettings> = {
  none: { adminsCanAssignAdmins: false, adminsCanDeactivate: false, adminsCanDelete: false },
  all: { adminsCanAssignAdmins: true, adminsCanDeactivate: true, adminsCanDelete: true },
  assign: { adminsCanAssignAdmins: true, adminsCanDeactivate: false, adminsCanDelete: false },
  deactivate: { adminsCanAssignAdmins: false, adminsCanDeactivate: true, adminsCanDelete: false },
  delete: { adminsCanAssignAdmins: false, adminsCanDeactivate: false, adminsCanDelete: true },
};

/** Spec section 6 (and docs/api.md for invite), written out. */
function isAllowed({ action, role, plan, flags, target }: Case): boolean {
  const paid = plan !== 'basic';
  const owner = role === 'owner';
  const admin = role === 'admin';
  const can = flagSettings[flags];
  switch (action) {
    case 'rename':
    case 'logo':
    case 'delete team':
      return owner;
    case 'settings':
      return owner && paid;
    case 'leave':
      return !owner;
    case 'invite':
    case 'resend':
      return owner || admin;
    case 'change role':
      return target !== 'owner row' && paid && (owner || (admin && can.adminsCanAssignAdmins));
    case 'ban':
    case 'unban':
      return target !== 'owner row' && (owner || (admin && paid && can.adminsCanDeactivate));
    case 'kick':
      return target !== 'owner row' && (owner || (admin && can.adminsCanDelete));
    case 'cancel invitation':
      // The inviter may always cancel; anyone else needs the right to delete users.
      return target === 'own invitation' || owner || (admin && can.adminsCanDelete);
  }
}

const successStatus: Record<Action, number> = {
  rename: 200,
  settings: 200,
  logo: 200,
  'delete team': 204,
  leave: 204,
  invite: 200,
  resend: 200,
  'change role': 200,
  ban: 200,
  unban: 200,
  kick: 204,
  'cancel invitation': 204,
};

const roles: Role[] = ['owner', 'admin', 'member'];
const plans: TeamPlan[] = ['basic', 'plus'];
const teamActions: Action[] = ['rename', 'settings', 'logo', 'delete team', 'leave', 'invite', 'resend'];
const rowActions: Action[] = ['change role', 'ban', 'unban', 'kick'];

const cases: Case[] = [];
for (const role of roles) {
  for (const plan of plans) {
    for (const flags of ['none', 'all'] as const) {
      for (const action of teamActions) cases.push({ action, role, plan, flags, target: null });
    }
    for (const flags of Object.keys(flagSettings) as Flags[]) {
      for (const action of rowActions) {
        for (const target of ['owner row', 'member row'] as const)
          cases.push({ action, role, plan, flags, target });
      }
    }
    for (const flags of ['none', 'delete'] as const) {
      for (const target of ['own invitation', "someone else's invitation"] as const) {
        cases.push({ action: 'cancel invitation', role, plan, flags, target });
      }
    }
  }
}

const caseName = (c: Case) =>
  `${c.action} by ${c.role} on ${c.plan}, admins can: ${c.flags}${c.target ? `, ${c.target}` : ''} -> ` +
  (isAllowed(c) ? 'allowed' : 'denied');

const t = setupTestApp({ seed: false });
let people: Record<Role, Person>;
let outsider: Person;

beforeAll(async () => {
  people = {
    owner: await createPerson(t, 'Owner'),
    admin: await createPerson(t, 'Admin'),
    member: await createPerson(t, 'Member'),
  };
  outsider = await createPerson(t, 'Outsider');
});

/** Everything an action could change in the team, and how many events it has (one query). */
async function snapshot(teamId: number) {
  const [row] = await t.db.query<{ state: unknown; events: number }>(
    `SELECT json_build_object(
       'team', (SELECT row_to_json(x) FROM (SELECT name, logo, domain_signups_enabled, deleted_at
                                            FROM teams WHERE id = $1) x),
       'settings', (SELECT row_to_json(s) FROM team_settings s WHERE team_id = $1),
       'users', (SELECT json_agg(u ORDER BY u.id) FROM (SELECT id, email, role, team_status, is_banned
                                                       FROM team_users WHERE team_id = $1) u),
       'invitations', (SELECT json_agg(i ORDER BY i.team_user_id)
                       FROM (SELECT i.team_user_id, i.key_hash FROM team_invitations i
                             JOIN team_users u ON u.id = i.team_user_id WHERE u.team_id = $1) i)
     ) AS state,
     (SELECT count(*)::int FROM team_events WHERE team_id = $1) AS events`,
    [teamId],
  );
  return { state: JSON.stringify(row?.state), events: row?.events ?? 0 };
}

interface Arranged {
  world: SmallTeam;
  actor: TeamUserRecord;
  row: TeamUserRecord | null;
}

async function arrange(c: Case): Promise<Arranged> {
  const world = await createSmallTeam(t, people, { plan: c.plan, settings: flagSettings[c.flags] });
  const actor = world[c.role];
  let row: TeamUserRecord | null = null;
  if (c.target === 'owner row') row = world.owner;
  if (c.target === 'member row')
    row = await addTeamUser(t, world.team.id, { isBanned: c.action === 'unban' });
  if (c.target === 'own invitation' || c.target === "someone else's invitation") {
    // Someone else: the admin's invitation, or the owner's when the admin is acting.
    const inviter = c.target === 'own invitation' ? actor : c.role === 'admin' ? world.owner : world.admin;
    row = await addTeamUser(t, world.team.id, { teamStatus: 'pending', inviterId: inviter.id, fullName: '' });
  }
  if (c.action === 'resend') {
    row = await addTeamUser(t, world.team.id, {
      teamStatus: 'pending',
      inviterId: world.owner.id,
      fullName: '',
    });
  }
  return { world, actor, row };
}

function act(c: Case, { world, actor, row }: Arranged, who: Person = people[c.role]) {
  const ref = refOf(actor);
  const team = `/api/v1/collab/teams/${ref}`;
  const user = `/api/v1/collab/${ref}/users/${row?.id}`;
  switch (c.action) {
    case 'rename':
      return call(t, who, 'PUT', team, { name: 'Renamed Team' });
    case 'settings':
      return call(t, who, 'PUT', `${team}/settings`, {
        adminsCanDelete: !world.team.settings.adminsCanDelete,
      });
    case 'logo': {
      const upload = multipartFile(TINY_PNG);
      return call(t, who, 'POST', `${team}/avatar`, upload.payload, upload.headers);
    }
    case 'delete team':
      return call(t, who, 'DELETE', team);
    case 'leave':
      return call(t, who, 'POST', `/api/v1/collab/teams/${world.team.id}/leave`, { email: actor.email });
    case 'invite':
      return call(t, who, 'POST', `${team}/invite`, [{ email: `new-${world.team.id}@fixture.test` }]);
    case 'resend':
      return call(t, who, 'POST', `${team}/resend-invitation`, [{ email: row?.email }]);
    case 'change role':
      return call(t, who, 'PUT', `${user}/role`, { role: 'admin' });
    case 'ban':
      return call(t, who, 'POST', `${user}/ban`);
    case 'unban':
      return call(t, who, 'POST', `${user}/unban`);
    case 'kick':
    case 'cancel invitation':
      return call(t, who, 'POST', `${user}/kick`);
  }
}

describe('the permission matrix of spec section 6, over HTTP', () => {
  it(`covers ${cases.length} cases, both outcomes for every action`, () => {
    for (const action of [...teamActions, ...rowActions, 'cancel invitation' as const]) {
      const outcomes = new Set(cases.filter((c) => c.action === action).map(isAllowed));
      expect([action, [...outcomes].sort()]).toEqual([action, [false, true]]);
    }
  });

  it.each(cases.map((c) => [caseName(c), c] as const))('%s', async (_name, c) => {
    const arranged = await arrange(c);
    const before = await snapshot(arranged.world.team.id);
    const response = await act(c, arranged);
    const after = await snapshot(arranged.world.team.id);
    if (isAllowed(c)) {
      expect(response.statusCode, response.body).toBe(successStatus[c.action]);
      expect(after.state).not.toBe(before.state);
      expect(after.events - before.events).toBe(1);
    } else {
      expect(errorOf(response)).toEqual({ status: 403, code: 1700, data: null });
      expect(response.json().errorMessage).toBe('You are not allowed to do this');
      expect(after).toEqual(before);
    }
  });
});

describe('around the matrix', () => {
  it('a premium team cannot be deleted, even by its owner: 400, field plan', async () => {
    const world = await createSmallTeam(t, people, { plan: 'premium' });
    const response = await call(t, people.owner, 'DELETE', `/api/v1/collab/teams/${refOf(world.owner)}`);
    expect(errorOf(response)).toEqual({
      status: 400,
      code: 10,
      data: [
        { field: 'plan', message: 'To delete your Premium Team, please cancel your subscription first' },
      ],
    });
    const asAdmin = await call(t, people.admin, 'DELETE', `/api/v1/collab/teams/${refOf(world.admin)}`);
    expect(errorOf(asAdmin)).toMatchObject({ status: 403, code: 1700 });
    expect(await t.repos.teams.findById(world.team.id)).not.toBeNull();
  });

  it('an account outside the team gets 1600 on every call, whoever it names', async () => {
    const representative = cases.filter(
      (c) => c.role === 'owner' && c.plan === 'plus' && c.flags === 'all' && c.target !== 'owner row',
    );
    for (const c of representative) {
      const arranged = await arrange(c);
      const before = await snapshot(arranged.world.team.id);
      const response = await act(c, arranged, outsider);
      if (c.action === 'leave') {
        expect(errorOf(response), c.action).toEqual({ status: 403, code: 1600, data: null });
      } else {
        expect(errorOf(response), c.action).toEqual({
          status: 403,
          code: 1600,
          data: { teamId: arranged.world.team.id, userId: arranged.actor.id },
        });
      }
      expect(await snapshot(arranged.world.team.id)).toEqual(before);
    }
  });

  it('a target outside the team, removed, or unknown is 404 2200, before any permission check', async () => {
    const world = await createSmallTeam(t, people, { settings: flagSettings.all });
    const other = await createSmallTeam(t, people);
    const removed = await addTeamUser(t, world.team.id, { teamStatus: 'deleted' });
    for (const id of [other.member.id, removed.id, 2_000_000_000]) {
      for (const who of ['owner', 'member'] as const) {
        const base = `/api/v1/collab/${refOf(world[who])}/users/${id}`;
        for (const [method, url] of [
          ['GET', base],
          ['PUT', `${base}/role`],
          ['POST', `${base}/ban`],
          ['POST', `${base}/unban`],
          ['POST', `${base}/kick`],
        ] as const) {
          const response = await call(
            t,
            people[who],
            method,
            url,
            method === 'PUT' ? { role: 'admin' } : undefined,
          );
          expect(errorOf(response), `${who} ${method} ${url}`).toEqual({
            status: 404,
            code: 2200,
            data: null,
          });
        }
      }
    }
    expect((await t.repos.teamUsers.findInTeam(other.team.id, other.member.id))?.teamStatus).toBe('active');
  });

  it('banned and pending callers are refused with 1850 before anything else', async () => {
    const world = await createSmallTeam(t, people);
    await t.db.query('UPDATE team_users SET is_banned = true WHERE id = $1', [world.admin.id]);
    const response = await call(t, people.admin, 'PUT', `/api/v1/collab/teams/${refOf(world.admin)}`, {
      name: 'Nope',
    });
    expect(errorOf(response)).toMatchObject({ status: 403, code: 1850 });
    const leave = await call(t, people.admin, 'POST', `/api/v1/collab/teams/${world.team.id}/leave`, {
      email: world.admin.email,
    });
    expect(errorOf(leave)).toEqual({
      status: 403,
      code: 1850,
      data: { teamId: world.team.id, userId: world.admin.id },
    });
  });
});

// Team billing (issue 9): every billing call by every role on a basic and a paid team. The owner gets
// through (the call's own answer, never 1700); admin and member get 403 1700 and an outsider 1600, with
// nothing made at the payment provider (no customer for the team) and no billing data in the body.
type BillingCall = { name: string; method: 'GET' | 'POST' | 'PUT'; path: string; body?: unknown };
const billingCalls: BillingCall[] = [
  { name: 'billing', method: 'GET', path: '/api/v1/collab/{ref}/billing' },
  { name: 'usage', method: 'GET', path: '/api/v1/collab/{ref}/billing/usage' },
  { name: 'plans', method: 'GET', path: '/api/v1/collab/{ref}/billing/plans' },
  { name: 'invoices', method: 'GET', path: '/api/v1/collab/{ref}/billing/invoices' },
  { name: 'invoice page', method: 'GET', path: '/api/v1/collab/{ref}/billing/invoices/in_missing.html' },
  { name: 'stripe token', method: 'GET', path: '/api/v1/collab/{ref}/billing/stripe-token' },
  {
    name: 'preview',
    method: 'POST',
    path: '/api/v1/collab/{ref}/billing/preview',
    body: { planId: 'plus_30' },
  },
  {
    name: 'customer',
    method: 'PUT',
    path: '/api/v1/collab/{ref}/billing/customer',
    body: {
      name: 'N',
      line1: 'L',
      line2: '',
      city: 'C',
      state: '',
      postalCode: '10115',
      country: 'DE',
      vatId: '',
    },
  },
  {
    name: 'card',
    method: 'PUT',
    path: '/api/v1/collab/{ref}/billing/card',
    body: { paymentMethodId: 'pm_unknown' },
  },
  {
    name: 'request free',
    method: 'POST',
    path: '/api/v1/collab/{ref}/billing/request-free',
    body: { planId: 'pro_30' },
  },
  { name: 'plan', method: 'PUT', path: '/api/v2/collab/{ref}/billing/plan', body: { planId: 'pro_30' } },
  {
    name: 'checkout',
    method: 'POST',
    path: '/api/v2/collab/{ref}/billing/checkout',
    body: { planId: 'plus_30' },
  },
  { name: 'setup intent', method: 'POST', path: '/api/v2/collab/{ref}/billing/setup-intent' },
  { name: 'paddle settings', method: 'GET', path: '/api/v1/collab/{ref}/billing-paddle/settings' },
  { name: 'paddle plans', method: 'GET', path: '/api/v1/collab/{ref}/billing-paddle/plans' },
  { name: 'paddle subscription', method: 'GET', path: '/api/v1/collab/{ref}/billing-paddle/subscription' },
  { name: 'paddle payments', method: 'GET', path: '/api/v1/collab/{ref}/billing-paddle/payments' },
];
const billingActors = ['owner', 'admin', 'member', 'outsider'] as const;
const billingCases = billingCalls.flatMap((billingCall) =>
  billingActors.flatMap((actor) => plans.map((plan) => ({ billingCall, actor, plan }))),
);

describe('billing cells of the matrix: owner only', () => {
  it.each(
    billingCases.map((c) => [
      `${c.billingCall.name} by ${c.actor} on ${c.plan} -> ${c.actor === 'owner' ? 'allowed' : 'denied'}`,
      c,
    ]),
  )('%s', async (_name, { billingCall, actor, plan }) => {
    const world = await createSmallTeam(t, people, { plan });
    // An outsider names the owner's ref (another team's membership); the rest their own.
    const ref = refOf(actor === 'outsider' ? world.owner : world[actor]);
    const who = actor === 'outsider' ? outsider : people[actor];
    const response = await call(
      t,
      who,
      billingCall.method,
      billingCall.path.replace('{ref}', ref),
      billingCall.body,
    );
    const link = await t.repos.billing.findTeamBilling(world.team.id);
    if (actor === 'owner') {
      expect(response.statusCode, response.body).toBeLessThan(500);
      if (response.statusCode >= 400) expect(errorOf(response).code, response.body).not.toBe(1700);
    } else {
      expect(errorOf(response)).toMatchObject(
        actor === 'outsider' ? { status: 403, code: 1600 } : { status: 403, code: 1700, data: null },
      );
      expect(link?.customerId ?? null).toBeNull();
    }
  });
});
