// The authorization matrix: every API route the server registers x every kind of caller, with the
// outcome spec section 6 (and docs/api.md where the spec is silent) says each call must have.
// server/test/authorization-matrix.test.ts checks the live server against it, cell by cell, and
// `npm run docs:authz` prints it into docs/authorization-matrix.md. A new route needs one `row(...)`.
// No imports beyond types: the docs script loads this outside the test runner.

import type { TeamSettings } from '@domain/entities';

/** The callers, in the order of the printed columns. */
export const actors = [
  'owner',
  'adminAssignOn',
  'adminAssignOff',
  'adminDeactivateOn',
  'adminDeactivateOff',
  'adminDeleteOn',
  'adminDeleteOff',
  'member',
  'banned',
  'pending',
  'removed',
  'outsider',
  'staff',
  'anonymous',
  'expired',
  'deletedTeam',
] as const;
export type Actor = (typeof actors)[number];

export const actorLabels: Record<Actor, string> = {
  owner: 'owner',
  adminAssignOn: 'admin, roles on',
  adminAssignOff: 'admin, roles off',
  adminDeactivateOn: 'admin, deactivate on',
  adminDeactivateOff: 'admin, deactivate off',
  adminDeleteOn: 'admin, delete on',
  adminDeleteOff: 'admin, delete off',
  member: 'member',
  banned: 'banned',
  pending: 'pending',
  removed: 'removed',
  outsider: 'outsider',
  staff: 'staff',
  anonymous: 'anonymous',
  expired: 'expired token',
  deletedTeam: 'deleted team',
};

const admins: readonly Actor[] = actors.filter((actor) => actor.startsWith('admin'));
const activeInTeam: readonly Actor[] = ['owner', ...admins, 'member'];

const ALL_OFF: TeamSettings = {
  adminsCanAssignAdmins: false,
  adminsCanDeactivate: false,
  adminsCanDelete: false,
};
const only = (flag: keyof TeamSettings): TeamSettings => ({ ...ALL_OFF, [flag]: true });
const allBut = (flag: keyof TeamSettings): TeamSettings => ({
  adminsCanAssignAdmins: true,
  adminsCanDeactivate: true,
  adminsCanDelete: true,
  [flag]: false,
});

/**
 * The 'Admins Can' settings of the team each caller acts in (a plus team: the plan allows them all).
 * "X on" turns on X alone; "X off" turns on the other two, so each flag is seen to matter by itself.
 */
export const teamSettingsFor: Record<Actor, TeamSettings> = {
  owner: ALL_OFF,
  adminAssignOn: only('adminsCanAssignAdmins'),
  adminAssignOff: allBut('adminsCanAssignAdmins'),
  adminDeactivateOn: only('adminsCanDeactivate'),
  adminDeactivateOff: allBut('adminsCanDeactivate'),
  adminDeleteOn: only('adminsCanDelete'),
  adminDeleteOff: allBut('adminsCanDelete'),
  member: ALL_OFF,
  banned: ALL_OFF,
  pending: ALL_OFF,
  removed: ALL_OFF,
  outsider: ALL_OFF,
  staff: ALL_OFF,
  anonymous: ALL_OFF,
  expired: ALL_OFF,
  deletedTeam: ALL_OFF,
};

/**
 * What a cell must come out as: 'allowed' (the route's handler ran and did not refuse the caller), or
 * the errorCode of the refusal: 1200 token, 1502 team gone, 1600 not a member, 1700 not permitted,
 * 1850 banned or pending, 2200 the route hides itself (the CLI's internal calls).
 */
export type Outcome = 'allowed' | 1200 | 1502 | 1600 | 1700 | 1850 | 2200;

export interface Rule {
  name: string;
  /** One line for the docs: who gets through. */
  says: string;
  expect: (actor: Actor) => Outcome;
}

const tokenless = (actor: Actor) => actor === 'anonymous' || actor === 'expired';

/** A /{tid}-{uid} (or /teams/{tid}) route: the membership checks, then `may` among the team's active members. */
function inTeam(name: string, says: string, may: (actor: Actor) => boolean): Rule {
  return {
    name,
    says,
    expect(actor) {
      if (tokenless(actor)) return 1200;
      if (actor === 'deletedTeam') return 1502;
      if (actor === 'outsider' || actor === 'staff' || actor === 'removed') return 1600;
      if (actor === 'banned' || actor === 'pending') return 1850;
      return may(actor) ? 'allowed' : 1700;
    },
  };
}

/** Owner, or an admin whose team turned the flag on (spec section 6, 'Admins Can'). */
const ownerOrAdminWith = (flag: keyof TeamSettings) => (actor: Actor) =>
  actor === 'owner' || (admins.includes(actor) && teamSettingsFor[actor][flag]);

export const rules = {
  public: {
    name: 'public',
    says: 'anyone, no token needed (where the request carries a key, code or signature, that is checked by the route itself and its own tests)',
    expect: () => 'allowed',
  },
  signedIn: {
    name: 'signed in',
    says: 'any live access token; acts on the caller’s own account',
    expect: (actor) => (tokenless(actor) ? 1200 : 'allowed'),
  },
  staff: {
    name: 'staff',
    says: 'staff accounts only (accounts.is_staff)',
    expect: (actor) => (tokenless(actor) ? 1200 : actor === 'staff' ? 'allowed' : 1700),
  },
  cli: {
    name: 'cli',
    says: 'nobody: loopback plus the per-start CLI secret, which no caller here holds (404 2200)',
    expect: () => 2200,
  },
  member: inTeam('member', 'any active member', (actor) => activeInTeam.includes(actor)),
  owner: inTeam('owner', 'the owner only', (actor) => actor === 'owner'),
  inviter: inTeam('inviter', 'owner and admins', (actor) => actor === 'owner' || admins.includes(actor)),
  leaver: inTeam('leave', 'admins and members (the owner cannot leave)', (actor) => actor !== 'owner'),
  changeRole: inTeam(
    'change role',
    'owner, admins with "Manage user roles"',
    ownerOrAdminWith('adminsCanAssignAdmins'),
  ),
  deactivate: inTeam(
    'deactivate',
    'owner, admins with "Deactivate users"',
    ownerOrAdminWith('adminsCanDeactivate'),
  ),
  deleteUser: inTeam('delete user', 'owner, admins with "Delete users"', ownerOrAdminWith('adminsCanDelete')),
  nobodyElse: inTeam('someone else’s', 'nobody: only the user themself', () => false),
} satisfies Record<string, Rule>;

/** What one cell's request is about: the team world built for it and the caller in it. */
export interface Cell {
  actor: Actor;
  /** `{tid}-{uid}` as the caller names it: their own row, or (outside the team) the owner's row. */
  teamUser: string;
  teamId: number;
  /** An active member of the team who is not the caller. */
  targetId: number;
  /** A pending invitation the caller sent (the owner's, for callers outside the team). */
  ownInvitationId: number;
  /** A pending, unbanned invitee's address (for resend). */
  pendingEmail: string;
  /** The caller's own address (of their membership; a made-up one for anonymous). */
  actorEmail: string;
  /** Fresh for every cell. */
  unique: string;
  /** A fresh one-time auth code / refresh token of a fixture account (the sign-in calls). */
  authCode: () => Promise<string>;
  refreshToken: () => Promise<string>;
  /** A multipart body with a real 1x1 PNG in `file`. */
  pngUpload: () => { payload: Buffer; headers: Record<string, string> };
}

export interface CellRequest {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** The client address (default: one of its own per cell, so per-address limits never interfere). */
  remoteAddress?: string;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface Row {
  method: Method;
  /** The route exactly as registered (fastify's url, `:params` included). */
  route: string;
  /** When one route has several rows: what differs (e.g. whose row `:id` names). */
  variant?: string;
  rule: Rule;
  request: (cell: Cell) => CellRequest | Promise<CellRequest>;
}

/** The route with its path parameters filled in for the cell. */
export function fillPath(route: string, cell: Cell, params: Record<string, string | number> = {}): string {
  const values: Record<string, string | number> = {
    teamUser: cell.teamUser,
    teamId: cell.teamId,
    id: cell.targetId,
    ...params,
  };
  return route.replace(/:(\w+)/g, (whole, name: string) => String(values[name] ?? whole));
}

type RequestParts = Omit<CellRequest, 'url'> & { params?: Record<string, string | number>; query?: string };

/** One row: `parts` gives the body, headers and path values beyond teamUser/teamId/id (default: none). */
function row(
  method: Method,
  route: string,
  rule: Rule,
  parts: (cell: Cell) => RequestParts | Promise<RequestParts> = () => ({}),
  variant?: string,
): Row {
  return {
    method,
    route,
    rule,
    variant,
    async request(cell) {
      const { params, query, ...rest } = await parts(cell);
      return { url: fillPath(route, cell, params) + (query ? `?${query}` : ''), ...rest };
    },
  };
}

const json = (payload: unknown) => () => ({ payload });
const KEY_43 = 'A'.repeat(43);
/** A public file's key and link secret of the right form (no such file: the handler answers 404). */
const FILE_KEY = 'B'.repeat(22);
const FILE_SECRET = `${'c'.repeat(43)}=`;
const signupTarget = { destination: 'stripe_checkout', teamPlanId: 'premium_365', teamId: 0 };
const loopback = '127.0.0.1';

/** Every API route. Routes outside /api (console pages and files, the /v1 and /sandbox stand-ins) are not here. */
export const rows: Row[] = [
  // Reference and general
  row('GET', '/api/openapi.json', rules.public),
  row('GET', '/api/docs', rules.public),
  row('POST', '/api/v2/auth/code', rules.public, async (c) => ({
    payload: { code: await c.authCode(), platform: 'web' },
  })),
  row('POST', '/api/v1/auth/refresh', rules.public, async (c) => ({
    payload: { refreshToken: await c.refreshToken() },
  })),
  row('POST', '/api/v2/auth/logout', rules.public, async (c) => ({
    payload: { refreshToken: await c.refreshToken() },
  })),
  row('GET', '/api/v2/profile', rules.signedIn),
  row('POST', '/api/v1/analytics/page-views', rules.public, json({ route: '/', tid: null, uid: null })),
  row('GET', '/api/v1/avatars/:avatar', rules.public, () => ({ params: { avatar: 'no-such-avatar.png' } })),
  row('POST', '/api/v1/webhooks/stripe', rules.public, json({})),
  row('POST', '/api/v1/webhooks/paddle', rules.public, json({})),
  row('POST', '/api/v1/teams/join/:key', rules.public, () => ({ params: { key: KEY_43 } })),
  row('GET', '/api/v1/redirects/:id', rules.public, () => ({ params: { id: KEY_43 } })),
  row('GET', '/api/v1/billing-paddle/paddle-js', rules.public),

  // Public files: uploads and deletions by staff; the links are open to anyone with the secret.
  row('POST', '/api/v1/files', rules.staff, (c) => ({ query: `s=${FILE_SECRET}`, ...c.pngUpload() })),
  row('GET', '/api/v1/public-files/:id', rules.public, () => ({
    params: { id: FILE_KEY },
    query: `s=${FILE_SECRET}`,
  })),
  row('GET', '/api/v1/public-files/:id/download', rules.public, () => ({
    params: { id: FILE_KEY },
    query: `s=${FILE_SECRET}`,
  })),
  row('GET', '/api/v1/public-files/:id/download-preview', rules.public, () => ({
    params: { id: FILE_KEY },
    query: `s=${FILE_SECRET}`,
  })),
  row('DELETE', '/api/v1/public-files/:id', rules.staff, () => ({ params: { id: FILE_KEY } })),

  // Web sign-up and sign-in
  row('POST', '/api/v1/auth/web/oauth-providers', rules.public, (c) => ({
    payload: { email: `who-${c.unique}@gmail.com` },
  })),
  row('POST', '/api/v1/auth/web/login/email', rules.public, (c) => ({
    payload: { email: `who-${c.unique}@fixture.test`, ...signupTarget },
  })),
  row('GET', '/api/v1/auth/web/login/email/callback', rules.public, () => ({ query: `key=${KEY_43}` })),
  row('POST', '/api/v1/auth/web/login/oauth', rules.public, json({ provider: 'google', ...signupTarget })),
  row('GET', '/api/v1/auth/web/oauth/callback', rules.public, () => ({ query: `state=${KEY_43}&code=x` })),

  // Teams
  row('GET', '/api/v1/collab/teams', rules.signedIn),
  row('GET', '/api/v1/collab/teams/:teamUser', rules.member),
  row('PUT', '/api/v1/collab/teams/:teamUser', rules.owner, json({ name: 'Renamed by the matrix' })),
  row('DELETE', '/api/v1/collab/teams/:teamUser', rules.owner),
  row('PUT', '/api/v1/collab/teams/:teamUser/settings', rules.owner, json({ adminsCanDelete: true })),
  row('POST', '/api/v1/collab/teams/:teamId/leave', rules.leaver, (c) => ({
    payload: { email: c.actorEmail },
  })),
  row('GET', '/api/v1/collab/:teamUser/usage', rules.member),
  row('POST', '/api/v1/collab/teams/:teamUser/avatar', rules.owner, (c) => c.pngUpload()),
  row('DELETE', '/api/v1/collab/teams/:teamUser/avatar', rules.owner),
  row('POST', '/api/v1/collab/teams/:teamUser/invite', rules.inviter, (c) => ({
    payload: [{ email: `invitee-${c.unique}@fixture.test` }],
  })),
  row('POST', '/api/v1/collab/teams/:teamUser/resend-invitation', rules.inviter, (c) => ({
    payload: [{ email: c.pendingEmail }],
  })),
  row('GET', '/api/v1/collab/teams/:teamUser/seat-cost', rules.inviter),
  row('GET', '/api/v3/collab/:teamUser/events', rules.member),
  row('GET', '/api/v1/events', rules.signedIn),

  // Team users
  row('GET', '/api/v1/collab/:teamUser/users', rules.member),
  row('GET', '/api/v1/collab/:teamUser/users/:id', rules.member),
  row(
    'PUT',
    '/api/v1/collab/:teamUser/users/:id',
    rules.member,
    () => ({ params: { id: 'me' }, payload: { fullName: 'Me' } }),
    'me',
  ),
  row(
    'PUT',
    '/api/v1/collab/:teamUser/users/:id',
    rules.nobodyElse,
    json({ fullName: 'Not me' }),
    'another member',
  ),
  row(
    'POST',
    '/api/v1/collab/:teamUser/users/:id/avatar',
    rules.member,
    (c) => ({ params: { id: 'me' }, ...c.pngUpload() }),
    'me',
  ),
  row(
    'POST',
    '/api/v1/collab/:teamUser/users/:id/avatar',
    rules.nobodyElse,
    (c) => c.pngUpload(),
    'another member',
  ),
  row(
    'DELETE',
    '/api/v1/collab/:teamUser/users/:id/avatar',
    rules.member,
    () => ({ params: { id: 'me' } }),
    'me',
  ),
  row('DELETE', '/api/v1/collab/:teamUser/users/:id/avatar', rules.nobodyElse, undefined, 'another member'),
  row('PUT', '/api/v1/collab/:teamUser/users/:id/role', rules.changeRole, json({ role: 'admin' })),
  row('POST', '/api/v1/collab/:teamUser/users/:id/ban', rules.deactivate),
  row('POST', '/api/v1/collab/:teamUser/users/:id/unban', rules.deactivate),
  row('POST', '/api/v1/collab/:teamUser/users/:id/kick', rules.deleteUser, undefined, 'a member'),
  row(
    'POST',
    '/api/v1/collab/:teamUser/users/:id/kick',
    rules.member,
    (c) => ({ params: { id: c.ownInvitationId } }),
    'an invitation the caller sent',
  ),

  // Team billing (owner only)
  row('GET', '/api/v1/collab/:teamUser/billing', rules.owner),
  row('GET', '/api/v1/collab/:teamUser/billing/usage', rules.owner),
  row('GET', '/api/v1/collab/:teamUser/billing/plans', rules.owner),
  row('GET', '/api/v1/collab/:teamUser/billing/invoices', rules.owner),
  row('GET', '/api/v1/collab/:teamUser/billing/invoices/:invoiceFile', rules.owner, () => ({
    params: { invoiceFile: 'in_unknown.html' },
  })),
  row('GET', '/api/v1/collab/:teamUser/billing/stripe-token', rules.owner),
  row('POST', '/api/v1/collab/:teamUser/billing/preview', rules.owner, json({ planId: 'plus_30' })),
  row(
    'PUT',
    '/api/v1/collab/:teamUser/billing/customer',
    rules.owner,
    json({
      name: 'Matrix GmbH',
      line1: 'Strasse 1',
      city: 'Berlin',
      postalCode: '10115',
      country: 'DE',
      vatId: '',
    }),
  ),
  row('PUT', '/api/v1/collab/:teamUser/billing/card', rules.owner, json({ paymentMethodId: 'pm_unknown' })),
  row('POST', '/api/v1/collab/:teamUser/billing/request-free', rules.owner, json({ planId: 'plus_30' })),
  row('PUT', '/api/v2/collab/:teamUser/billing/plan', rules.owner, json({ planId: 'plus_30' })),
  row('POST', '/api/v2/collab/:teamUser/billing/checkout', rules.owner, json({ planId: 'plus_30' })),
  row('POST', '/api/v2/collab/:teamUser/billing/setup-intent', rules.owner),
  row('GET', '/api/v1/collab/:teamUser/billing-paddle/settings', rules.owner),
  row('GET', '/api/v1/collab/:teamUser/billing-paddle/plans', rules.owner),
  row('GET', '/api/v1/collab/:teamUser/billing-paddle/subscription', rules.owner),
  row('GET', '/api/v1/collab/:teamUser/billing-paddle/payments', rules.owner),
  row('GET', '/api/v1/collab/:teamUser/billing-paddle/payments/:transactionId/invoice', rules.owner, () => ({
    params: { transactionId: `txn_${'a'.repeat(26)}` },
  })),
  row('POST', '/api/v1/collab/:teamUser/billing-paddle/checkout', rules.owner, json({ planId: 'plus_30' })),
  row('POST', '/api/v1/collab/:teamUser/billing-paddle/preview', rules.owner, json({ planId: 'plus_30' })),
  row('PUT', '/api/v1/collab/:teamUser/billing-paddle/plan', rules.owner, json({ planId: 'basic' })),
  row('POST', '/api/v1/collab/:teamUser/billing-paddle/card', rules.owner),

  // Personal billing (the caller's own account)
  row('GET', '/api/v1/billing/details', rules.signedIn),
  row('GET', '/api/v1/billing/token', rules.signedIn),
  row('GET', '/api/v1/billing/products', rules.signedIn),
  row('POST', '/api/v1/billing/checkout', rules.signedIn, json({ priceId: 'personal_premium_30' })),
  row('POST', '/api/v1/billing/setup', rules.signedIn),
  row('POST', '/api/v1/billing/portal', rules.signedIn),
  row('POST', '/api/v1/billing/trial', rules.signedIn),

  // The CLI's internal calls (asked from loopback, so only the missing secret refuses them)
  row('GET', '/api/internal/cli/ping', rules.cli, () => ({ remoteAddress: loopback })),
  row('POST', '/api/internal/cli/login-url', rules.cli, () => ({
    remoteAddress: loopback,
    payload: { email: 'olivia@acme.test' },
  })),
  row('POST', '/api/internal/cli/seed-reset', rules.cli, () => ({
    remoteAddress: loopback,
    payload: { force: true },
  })),
  row('POST', '/api/internal/cli/staff-add', rules.cli, () => ({
    remoteAddress: loopback,
    payload: { email: 'ops@example.com' },
  })),
  row('POST', '/api/internal/cli/sandbox-advance', rules.cli, () => ({
    remoteAddress: loopback,
    payload: { days: 1 },
  })),
  row('POST', '/api/internal/cli/sandbox-keys', rules.cli, () => ({ remoteAddress: loopback })),
  row('POST', '/api/internal/cli/redirect-key', rules.cli, () => ({
    remoteAddress: loopback,
    payload: { url: '/' },
  })),
  row('POST', '/api/internal/cli/files-cleanup', rules.cli, () => ({ remoteAddress: loopback })),
  row('POST', '/api/internal/cli/cleanup', rules.cli, () => ({ remoteAddress: loopback })),
];

/** `GET /api/v2/profile`, the key the test matches registered routes by. */
export const routeKey = (method: string, route: string) => `${method} ${route}`;
