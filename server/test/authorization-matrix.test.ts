import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderAuthorizationMatrix } from '../../scripts/render-authorization-matrix';
import type { TeamUserRecord } from '../src/db/repositories/team-users.repository';
import {
  type Actor,
  actors,
  type Cell,
  type Outcome,
  type Row,
  routeKey,
  rows,
  teamSettingsFor,
} from './authorization-matrix.table';
import { authCodeFor, setupTestApp, signIn, withBearer } from './helper';
import { addTeamUser, createPerson, multipartFile, type Person, refOf, TINY_PNG } from './team-fixtures';

// Breadth over every route: each row of authorization-matrix.table.ts x each caller, every cell on a
// team world of its own (a call that is allowed may delete the team or the caller's membership).
// member-list actions in depth (plans, owner rows, events) are permissions-matrix.test.ts's job.
//
// How "authorized" is told from "refused": the test app wraps every route's handler and notes the
// cell when it runs. Fastify runs the handler only after every onRequest/preHandler hook passed
// (authenticate, requireMembership, requireTarget, the permission checks), so a handler that ran means
// the caller got through them; the cell is "allowed" unless the handler then refused the caller
// itself (401 1200, 403 1600/1700/1850, 404 1502: e.g. leave, which resolves the membership in its
// handler). A validation error (400 10) is never taken for "allowed" on its own: validation runs
// before the membership checks, so such a cell (the handler did not run) is a mismatch and the row's
// request must be fixed. Allowed cells may still be domain errors after the checks (no subscription,
// an unknown invoice): the caller was let in, which is what the matrix is about. A refused cell must
// also leave its team's rows exactly as they were.

const CELL_HEADER = 'x-matrix-cell';
const registered: { method: string; url: string }[] = [];
const reached = new Set<string>();

function noteRoutes(route: RouteOptions): void {
  for (const method of [route.method].flat()) registered.push({ method, url: route.url });
  const handler = route.handler;
  route.handler = function markReached(this: unknown, request, reply) {
    const cell = request.headers[CELL_HEADER];
    if (typeof cell === 'string') reached.add(cell);
    return handler.call(this as never, request, reply);
  };
}

// The Paddle sandbox too, so the owner's Paddle calls reach a provider, as the Stripe ones do.
const t = setupTestApp({ onRoute: noteRoutes, seed: false, paddle: true });

/** status + errorCode pairs that refuse the caller (spec section 8 and docs/api.md). */
const REFUSALS = new Set(['401 1200', '404 1502', '403 1600', '403 1700', '403 1850']);

function outcomeOf(response: LightMyRequestResponse, handlerRan: boolean): Outcome | string {
  let code: unknown;
  try {
    code = response.json<{ errorCode?: unknown }>().errorCode;
  } catch {
    code = undefined;
  }
  if (response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 200)}`;
  if (typeof code === 'number' && REFUSALS.has(`${response.statusCode} ${code}`)) return code as Outcome;
  if (handlerRan) return 'allowed';
  // Refused before the handler by something that is no authorization check (a validation error, the
  // router): the row's request is wrong, or the route hides itself (2200, the CLI's calls).
  return typeof code === 'number' ? (code as Outcome) : `${response.statusCode} without an error body`;
}

type Cast = Record<
  'owner' | 'admin' | 'member' | 'banned' | 'pending' | 'removed' | 'outsider' | 'staff',
  Person
>;
const cast = {} as Cast;
let expiredToken = '';

beforeAll(async () => {
  for (const name of ['owner', 'admin', 'member', 'banned', 'pending', 'removed', 'outsider'] as const) {
    cast[name] = await createPerson(t, name);
  }
  const staff = await t.repos.accounts.create({
    email: 'staff@matrix.test',
    fullName: 'Staff',
    isStaff: true,
  });
  cast.staff = { account: staff, tokens: await signIn(t, staff.email) };
  // The outsider is a member of another team.
  const other = await t.repos.teams.create({ name: 'Elsewhere', plan: 'plus', domain: null, settings: {} });
  await t.repos.teamUsers.create({
    teamId: other.id,
    accountId: cast.outsider.account.id,
    email: cast.outsider.account.email,
    fullName: 'Outsider',
    role: 'member',
  });
  // The owner's own session, with an access token that ran out a minute ago.
  const [, payload] = cast.owner.tokens.accessToken.split('.');
  const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString()) as {
    uid: number;
    sid: number;
  };
  expiredToken = (await t.tokens.signAccessToken(claims, -60)).token;
});

/** Whose account each caller uses, and what kind of row they hold in the cell's team. */
const personOf: Record<Actor, keyof Cast | null> = {
  owner: 'owner',
  adminAssignOn: 'admin',
  adminAssignOff: 'admin',
  adminDeactivateOn: 'admin',
  adminDeactivateOff: 'admin',
  adminDeleteOn: 'admin',
  adminDeleteOff: 'admin',
  member: 'member',
  banned: 'banned',
  pending: 'pending',
  removed: 'removed',
  outsider: 'outsider',
  staff: 'staff',
  anonymous: null,
  expired: 'owner',
  deletedTeam: 'owner',
};

const rowOf: Partial<Record<Actor, Pick<TeamUserRecord, 'role' | 'teamStatus' | 'isBanned'>>> = {
  member: { role: 'member', teamStatus: 'active', isBanned: false },
  banned: { role: 'member', teamStatus: 'active', isBanned: true },
  pending: { role: 'member', teamStatus: 'pending', isBanned: false },
  removed: { role: 'member', teamStatus: 'deleted', isBanned: false },
};
for (const actor of actors)
  if (actor.startsWith('admin')) rowOf[actor] = { role: 'admin', teamStatus: 'active', isBanned: false };

let cellCount = 0;
const tally = {
  cells: 0,
  allowed: 0,
  refused: 0,
  unexpectedSuccesses: 0,
  mismatches: 0,
  refusedButChanged: 0,
};

/** A fresh plus team for one cell: its owner, the caller's row, an active member and an invitation. */
async function buildCell(actor: Actor): Promise<{ cell: Cell; token: string | null; id: string }> {
  const n = ++cellCount;
  const team = await t.repos.teams.create({
    name: `Matrix ${n}`,
    plan: 'plus',
    domain: null,
    settings: teamSettingsFor[actor],
  });
  const join = (person: Person, fields: Pick<TeamUserRecord, 'role' | 'teamStatus' | 'isBanned'>) =>
    t.repos.teamUsers.create({
      teamId: team.id,
      accountId: person.account.id,
      email: person.account.email,
      fullName: person.account.fullName,
      ...fields,
    });
  const owner = await join(cast.owner, { role: 'owner', teamStatus: 'active', isBanned: false });
  const person = personOf[actor] ? cast[personOf[actor] as keyof Cast] : null;
  const own = rowOf[actor] && person ? await join(person, rowOf[actor]) : null;
  const named = own ?? owner;
  const target = await addTeamUser(t, team.id, { fullName: 'Target' });
  const invitation = await addTeamUser(t, team.id, { teamStatus: 'pending', inviterId: named.id });
  if (actor === 'deletedTeam') await t.repos.teams.markDeleted(team.id, new Date());
  const token =
    actor === 'anonymous' ? null : actor === 'expired' ? expiredToken : (person as Person).tokens.accessToken;
  const cell: Cell = {
    actor,
    teamUser: refOf(named),
    teamId: team.id,
    targetId: target.id,
    ownInvitationId: invitation.id,
    pendingEmail: invitation.email,
    actorEmail: person?.account.email ?? 'nobody@matrix.test',
    unique: `${n}`,
    authCode: () => authCodeFor(t, cast.member.account.email),
    refreshToken: async () => (await signIn(t, cast.member.account.email)).refreshToken,
    pngUpload: () => multipartFile(TINY_PNG),
  };
  return { cell, token, id: `cell-${n}` };
}

/**
 * Everything the cell's team is made of, as the database has it: a refused call must leave it exactly
 * so (no half-done change before the refusal). Account-level state (sessions, personal billing) is
 * the caller's own and is left to the routes' own tests.
 */
async function teamState(teamId: number): Promise<string> {
  const rows = await t.db.query<{ part: string; row: unknown }>(
    `SELECT 'team' AS part, to_jsonb(x) AS row FROM teams x WHERE id = $1
     UNION ALL SELECT 'settings', to_jsonb(x) FROM team_settings x WHERE team_id = $1
     UNION ALL SELECT 'billing', to_jsonb(x) FROM team_billing x WHERE team_id = $1
     UNION ALL SELECT 'user', to_jsonb(x) FROM team_users x WHERE team_id = $1
     UNION ALL SELECT 'invitation', to_jsonb(i) FROM team_invitations i
       JOIN team_users u ON u.id = i.team_user_id WHERE u.team_id = $1
     UNION ALL SELECT 'event', to_jsonb(x) FROM team_events x WHERE team_id = $1
     UNION ALL SELECT 'free-upgrade', to_jsonb(x) FROM billing_free_upgrade_requests x WHERE team_id = $1`,
    [teamId],
  );
  return JSON.stringify(
    rows.map(({ part, row }) => [part, row]).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)),
  );
}

const clientAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function runCell(row: Row, actor: Actor): Promise<Outcome | string> {
  const { cell, token, id } = await buildCell(actor);
  const request = await row.request(cell);
  const before = await teamState(cell.teamId);
  const response = await t.app.inject({
    method: row.method,
    url: request.url,
    headers: { ...(token ? withBearer(token) : {}), ...request.headers, [CELL_HEADER]: id },
    remoteAddress: request.remoteAddress ?? clientAddress(Number(cell.unique)),
    ...(request.payload === undefined ? {} : { payload: request.payload as string }),
  });
  const outcome = outcomeOf(response, reached.has(id));
  if (outcome !== 'allowed' && (await teamState(cell.teamId)) !== before) {
    tally.refusedButChanged++;
    return `${outcome}, but the team changed`;
  }
  return outcome;
}

const label = (row: Row) => `${row.method} ${row.route}${row.variant ? ` (${row.variant})` : ''}`;

describe('authorization matrix', () => {
  it('has a row for every API route the server registers, and none for a route it does not', () => {
    const products = registered.filter(
      ({ method, url }) =>
        url.startsWith('/api/') &&
        !(method === 'HEAD' && registered.some((r) => r.method === 'GET' && r.url === url)),
    );
    const served = new Set(products.map(({ method, url }) => routeKey(method, url)));
    const tabled = new Set(rows.map((row) => routeKey(row.method, row.route)));
    expect(served.size).toBeGreaterThan(50);
    expect(
      [...served].filter((key) => !tabled.has(key)),
      'routes without a row',
    ).toEqual([]);
    expect(
      [...tabled].filter((key) => !served.has(key)),
      'rows without a route',
    ).toEqual([]);
  });

  for (const row of rows) {
    it(label(row), async () => {
      const got: Partial<Record<Actor, Outcome | string>> = {};
      const want: Partial<Record<Actor, Outcome>> = {};
      // The cells of a row share nothing, so they run side by side.
      await Promise.all(
        actors.map(async (actor) => {
          got[actor] = await runCell(row, actor);
          want[actor] = row.rule.expect(actor);
        }),
      );
      for (const actor of actors) {
        tally.cells++;
        if (got[actor] === 'allowed') tally.allowed++;
        else tally.refused++;
        if (got[actor] !== want[actor]) {
          tally.mismatches++;
          if (got[actor] === 'allowed') tally.unexpectedSuccesses++;
        }
      }
      expect(got).toEqual(want);
    });
  }

  it('counts 0 unexpected successes over every cell, and no refused call changed its team', () => {
    console.info(`authorization matrix: ${JSON.stringify(tally)}`);
    expect(tally.cells).toBe(rows.length * actors.length);
    expect(tally.unexpectedSuccesses).toBe(0);
    expect(tally.mismatches).toBe(0);
    expect(tally.refusedButChanged).toBe(0);
  });

  it('is printed, current, in docs/authorization-matrix.md (npm run docs:authz)', () => {
    const file = path.join(import.meta.dirname, '../../docs/authorization-matrix.md');
    expect(readFileSync(file, 'utf8')).toBe(renderAuthorizationMatrix());
  });
});
