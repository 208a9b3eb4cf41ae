import type { Tokens } from '@domain/entities';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/app';
import { CLI_SECRET_HEADER } from '../src/routes/internal-cli.routes';
import { errorBodyProblem } from './fuzz/response-checks';
import { authCodeFor, setupTestApp, signIn } from './helper';
import { createPerson, createSmallTeam, type Person, refOf, type SmallTeam, TINY_PNG } from './team-fixtures';

// A bounded fuzz of every route the app has: bad paths, queries, bodies, content types and
// credentials, sent as a real member (the owner of a team of their own, so checks run as deep as they
// can). No answer may be a 5xx, and every error must be the spec's body (section 8).

const t = setupTestApp();
let owner: Person;
let spareSession: Tokens;
let world: SmallTeam;

interface Route {
  method: string;
  /** With `:name` parameters, e.g. /api/v1/collab/:teamUser/users/:id/role. */
  path: string;
}

/**
 * Every route, read from the app's own route tree (printRoutes): a line is a path segment with its
 * methods, indented under its parent. Two parameters at one place print as ':teamUser|:teamId', so
 * such a route comes with each name, as alternatives; `resolve` below keeps the right one.
 */
function routeCandidates(app: FastifyInstance): Route[][] {
  const routes: Route[][] = [];
  const stack: string[][] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    stack.length = (match[1] as string).length / 4;
    const segment = match[2] as string;
    const names = segment.match(/:\w+/gu) ?? [];
    stack.push(names.length > 1 ? names.map((name) => segment.replace(/:\w+(\|:\w+)+/u, name)) : [segment]);
    const paths = stack.reduce<string[]>(
      (prefixes, alternatives) => prefixes.flatMap((prefix) => alternatives.map((a) => prefix + a)),
      [''],
    );
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      routes.push(paths.map((path) => ({ method, path })));
    }
  }
  return routes;
}

/** Of a route's alternatives, the one whose good parameter values pass the route's validation. */
async function resolve(candidates: Route[]): Promise<Route> {
  if (candidates.length === 1) return candidates[0] as Route;
  const names = candidates.flatMap((route) => route.path.match(/:\w+/gu) ?? []).map((name) => name.slice(1));
  for (const route of candidates) {
    const response = await send('resolve', { method: route.method as 'GET', url: urlFor(route) });
    const fields = response.statusCode === 400 ? (response.json().errorData as { field: string }[]) : [];
    if (!fields.some((f) => names.includes(f.field))) return route;
  }
  throw new Error(`no parameter names fit ${candidates[0]?.method} ${candidates[0]?.path}`);
}

/** A value of every parameter that reaches the handler: the owner's own team, a member row. */
const goodParam = (name: string): string =>
  ({
    teamUser: refOf(world.owner),
    teamId: String(world.team.id),
    id: String(world.member.id),
    avatar: 'x.png',
  })[name] ?? '1';

const badParams = [
  '99999999999999999999-1',
  '1-99999999999999999999',
  '2147483648-1',
  '1-2147483648',
  '1-0',
  '0-1',
  '-1-2',
  '1--2',
  '-1',
  '1.5',
  '0x10',
  '%20 1',
  '%00',
  '%00-1',
  '%E0%A4%A',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..',
  'me',
  '١-٢',
  `${'9'.repeat(99)}`,
  'x'.repeat(5000),
];

const urlFor = (route: Route, params: Record<string, string> = {}) =>
  route.path.replace(/:(\w+)/gu, (_all, name: string) => params[name] ?? goodParam(name));

const badQueries = [
  'pageToken=x',
  'pageToken=',
  `pageToken=${Buffer.from('v1:0').toString('base64url')}`,
  `pageToken=${Buffer.from('v1:-1').toString('base64url')}`,
  `pageToken=${Buffer.from('v1:99999999999999999999').toString('base64url')}`,
  `pageToken=${'A'.repeat(20000)}`,
  'pageToken=a&pageToken=b',
  'pageToken[]=a',
  'pageToken[a]=b',
  'pageToken=%00',
  'offset=-1',
  'offset=NaN',
  'offset=Infinity',
  'offset=1e400',
  'offset=99999999999999999999999',
  'offset=9007199254740993',
  'offset=1.5',
  'offset=',
  'offset=abc',
  'offset=1&offset=2',
  'offset[x]=1',
  'offset=%00',
  '%zz=1',
  '=&&==',
  'a=%E0%A4%A',
];

const parserQueries = ['%zz=1', '=&&==', 'offset[x]=1', 'pageToken=a&pageToken=b'];

function deeplyNested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Raw bodies sent as JSON. */
const badJsonBodies = [
  '',
  '{',
  'nope',
  '\u0000',
  '\uFEFF{}',
  'null',
  '42',
  '1e999',
  '"text"',
  '[]',
  '[1, "a", {}]',
  '{}',
  '{"extra": 1}',
  '{"__proto__": {"polluted": true}}',
  '{"constructor": {"prototype": {"polluted": true}}}',
  deeplyNested(5000),
  `[${'['.repeat(5000)}${']'.repeat(5000)}]`,
  JSON.stringify({ a: 'x'.repeat(BODY_LIMIT_BYTES - 100) }),
  JSON.stringify('x'.repeat(BODY_LIMIT_BYTES + 10)),
  JSON.stringify(Array.from({ length: 20000 }, () => ({ email: 'a@b.c' }))),
  // Every field name the API knows, each with a wrong type.
  JSON.stringify({
    code: 1,
    refreshToken: [],
    name: {},
    domainSignupsEnabled: 'yes',
    adminsCanAssignAdmins: 1,
    fullName: null,
    role: ['admin'],
    email: 5,
    route: false,
    tid: 'x',
    uid: 1.5,
    file: 'not a file',
    team: 7,
  }),
  JSON.stringify([{ email: null }, { email: 1 }, { email: [] }, { email: {} }, {}]),
];

const boundary = 'fuzzboundary';
const part = (name: string, content: string | Buffer, filename?: string) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"` +
        (filename === undefined ? '' : `; filename="${filename}"\r\nContent-Type: image/png`) +
        '\r\n\r\n',
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from('\r\n'),
  ]);
const multipart = (...parts: Buffer[]) => Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);

/** [content-type, body] pairs: multipart in every shape a form can take, and types no route takes. */
const otherBodies: [string, string | Buffer][] = [
  [`multipart/form-data; boundary=${boundary}`, multipart()],
  [`multipart/form-data; boundary=${boundary}`, multipart(part('other', 'x'))],
  [`multipart/form-data; boundary=${boundary}`, multipart(part('file', '', 'empty.png'))],
  [`multipart/form-data; boundary=${boundary}`, multipart(part('file', 'not an image', 'a.png'))],
  [`multipart/form-data; boundary=${boundary}`, multipart(part('file', 'text field'))],
  [
    `multipart/form-data; boundary=${boundary}`,
    multipart(part('file', TINY_PNG, 'a.png'), part('file', TINY_PNG, 'b.png')),
  ],
  [
    `multipart/form-data; boundary=${boundary}`,
    multipart(part('file', TINY_PNG, 'a.png'), part('extra', 'x')),
  ],
  [`multipart/form-data; boundary=${boundary}`, multipart(part('__proto__', TINY_PNG, 'a.png'))],
  [`multipart/form-data; boundary=${boundary}`, multipart(part('__proto__', 'x'))],
  [
    `multipart/form-data; boundary=${boundary}`,
    multipart(part('constructor', 'x'), part('hasOwnProperty', 'x')),
  ],
  [`multipart/form-data; boundary=${boundary}`, multipart(part('refreshToken', TINY_PNG, 'a.png'))],
  [`multipart/form-data; boundary=${boundary}`, multipart(part('code', 'x'), part('code', 'y'))],
  [`multipart/form-data; boundary=${boundary}`, multipart(part('', 'x'))],
  [`multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nbroken`],
  [`multipart/form-data; boundary=${boundary}`, ''],
  ['multipart/form-data', multipart(part('file', TINY_PNG, 'a.png'))],
  ['multipart/form-data; boundary=', 'x'],
  ['application/x-www-form-urlencoded', '%%%'],
  ['application/x-www-form-urlencoded', 'refreshToken=a&refreshToken=b&__proto__=x'],
  ['application/json; charset=utf-16', '{}'],
  ['application/jsonx', '{}'],
  ['text/plain', 'hello'],
  ['application/xml', '<a/>'],
  ['application/octet-stream', TINY_PNG],
  ['', '{}'],
  ['garbage', '{}'],
];

const badAuthorizations = [
  '',
  'Bearer',
  'Bearer ',
  'Bearer x',
  'Bearer a.b.c',
  'Bearer ....',
  `Bearer ${'a'.repeat(10000)}`,
  'Basic dXNlcjpwYXNz',
  'bearer\u0000x',
];

/** Whatever went wrong, as lines for one assertion at the end (so a failure lists them all). */
const problems: string[] = [];
let sent = 0;

function check(label: string, request: InjectOptions, response: LightMyRequestResponse): void {
  sent += 1;
  const payload = request.payload;
  const sentBody =
    Buffer.isBuffer(payload) || typeof payload === 'string' ? String(payload) : JSON.stringify(payload);
  const where = `${label}: ${request.method} ${String(request.url).slice(0, 120)} ${sentBody?.slice(0, 100) ?? ''}`;
  if (response.statusCode >= 500) {
    problems.push(`${where} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
    return;
  }
  if (response.statusCode < 400 || request.method === 'HEAD') return;
  // The same check the write-call fuzz makes (fuzz/response-checks.ts).
  const problem = errorBodyProblem(response);
  if (problem) problems.push(`${where} -> ${response.statusCode} ${problem}`);
}

async function send(label: string, request: InjectOptions): Promise<LightMyRequestResponse> {
  // The page-view limiter would drop rows after 120 a minute; a new minute keeps every call real.
  if (String(request.url).startsWith('/api/v1/analytics')) t.clock.advance(61_000);
  const headers = { authorization: `Bearer ${owner.tokens.accessToken}`, ...request.headers };
  const full = { ...request, headers };
  const response = await t.app.inject(full);
  check(label, full, response);
  return response;
}

/**
 * Bodies of the right shape for each route that takes one, so a bad value in one field gets past the
 * shape and as deep as it can: into the handler, the database, a mail. Functions give a fresh value
 * per call (an auth code works once).
 */
const validBodies: Record<string, () => Promise<unknown> | unknown> = {
  // The device fields share one schema: `device` stands for all six.
  'POST /api/v2/auth/code': async () => ({ code: await authCodeFor(t, owner.account.email), device: 'fuzz' }),
  // A bad value never spends the token, and a spent one is refused with 401: one sign-in serves all
  // (a session of its own, so that its rotation never touches the owner's access token).
  'POST /api/v1/auth/refresh': () => ({ refreshToken: spareSession.refreshToken }),
  'POST /api/v1/analytics/page-views': () => ({ route: '/teams/:team/users', tid: 1, uid: 2 }),
  'PUT /api/v1/collab/teams/:teamUser': () => ({ name: 'Fuzz Team', domainSignupsEnabled: true }),
  'PUT /api/v1/collab/teams/:teamUser/settings': () => ({
    adminsCanAssignAdmins: true,
    adminsCanDeactivate: false,
    adminsCanDelete: true,
  }),
  'POST /api/v1/collab/teams/:teamId/leave': () => ({ email: world.member.email }),
  'POST /api/v1/collab/teams/:teamUser/invite': () => [{ email: 'fuzz@fuzz.test' }],
  'POST /api/v1/collab/teams/:teamUser/resend-invitation': () => [{ email: 'fuzz@fuzz.test' }],
  'PUT /api/v1/collab/:teamUser/users/:id': () => ({ fullName: 'Fuzz Owner' }),
  'PUT /api/v1/collab/:teamUser/users/:id/role': () => ({ role: 'admin' }),
  'POST /api/internal/cli/login-url': () => ({ email: owner.account.email, team: world.team.name }),
  'POST /api/internal/cli/staff-add': () => ({ email: 'fuzz.staff@fuzz.test', name: 'Fuzz Staff' }),
  // Billing: the fuzz team is premium without a subscription, so these reach the provider (the sandbox).
  'POST /api/v1/collab/:teamUser/billing/preview': () => ({ planId: 'plus_30', coupon: '' }),
  'PUT /api/v1/collab/:teamUser/billing/customer': () => ({
    name: 'Fuzz GmbH',
    line1: 'Fuzzweg 1',
    line2: '',
    city: 'Berlin',
    state: '',
    postalCode: '10115',
    country: 'DE',
    vatId: 'DE123456789',
  }),
  'POST /api/v1/collab/:teamUser/billing/request-free': () => ({ planId: 'pro_30' }),
  'POST /api/v2/collab/:teamUser/billing/checkout': () => ({
    planId: 'plus_30',
    redirectParams: { planId: 'plus_30' },
  }),
};

/** Parameters and headers that let a body reach its handler (own profile, the CLI's secret). */
const reach = (name: string): { params?: Record<string, string>; headers?: Record<string, string> } =>
  ({
    'PUT /api/v1/collab/:teamUser/users/:id': { params: { id: 'me' } },
    'POST /api/internal/cli/login-url': { headers: { [CLI_SECRET_HEADER]: t.cliSecret } },
    'POST /api/internal/cli/staff-add': { headers: { [CLI_SECRET_HEADER]: t.cliSecret } },
  })[name] ?? {};

/** What a field may hold instead of the right value. */
const badValues: unknown[] = [
  null,
  0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  1e308,
  true,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'a\u0000@fuzz.test',
  '\ud800',
  '\u202e\u0007\u007f',
  '😀'.repeat(50),
  "'; DROP TABLE team_users; --",
  'x'.repeat(100_000),
  '1',
  'true',
  'me',
  [],
  ['x'],
  {},
  { $ne: 1 },
];

/** Every place in a JSON value, as a path of keys and indexes. */
function leavesOf(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leavesOf(item, [...path, index]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leavesOf(item, [...path, key]));
  }
  return [path];
}

function withValue(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[key] = withValue(copy[key], rest, replacement);
  return copy;
}

const hasBody = (method: string) => method === 'POST' || method === 'PUT' || method === 'DELETE';

let routes: Route[];
let allRoutes: Route[];

beforeAll(async () => {
  owner = await createPerson(t, 'Owner');
  spareSession = await signIn(t, owner.account.email);
  const [admin, member] = [await createPerson(t, 'Admin'), await createPerson(t, 'Member')];
  // Premium: every paid feature is open, and DELETE of the team is refused, so the team survives.
  world = await createSmallTeam(t, { owner, admin, member }, { plan: 'premium', domain: 'fuzz.test' });
  const all: Route[] = [];
  // The product's own routes: the Stripe sandbox mounted beside them (/v1, /sandbox) speaks Stripe's
  // error shapes, and its own tests hold it to them.
  const productRoutes = routeCandidates(t.app).filter((candidates) =>
    candidates.some((route) => route.path.startsWith('/api')),
  );
  for (const candidates of productRoutes) all.push(await resolve(candidates));
  allRoutes = all;
  // HEAD runs the GET handler: the batteries skip it, the credentials check keeps it.
  routes = all.filter((route) => route.method !== 'HEAD');
});

// Each case sends hundreds of requests; on two servers sharing a loaded Postgres one took over 30 s.
describe('bad input on every route', { timeout: 90_000 }, () => {
  beforeEach(() => {
    problems.length = 0;
  });

  it('finds every route of the app, each with its own parameter names', () => {
    const names = allRoutes.map((r) => `${r.method} ${r.path}`);
    for (const name of [
      'POST /api/v2/auth/code',
      'HEAD /api/v1/collab/teams/:teamUser',
      'POST /api/v1/collab/teams/:teamUser/avatar',
      'POST /api/v1/collab/teams/:teamId/leave',
      'PUT /api/v1/collab/:teamUser/users/:id/role',
      'GET /api/v3/collab/:teamUser/events',
      'GET /api/v1/avatars/:avatar',
      'POST /api/internal/cli/login-url',
      'PUT /api/v2/collab/:teamUser/billing/plan',
      'GET /api/v1/collab/:teamUser/billing/invoices/:invoiceFile',
      'POST /api/v1/webhooks/stripe',
    ]) {
      expect(names).toContain(name);
    }
    expect(names).not.toContain('POST /api/v1/collab/teams/:teamUser/leave');
    expect(allRoutes.length).toBeGreaterThanOrEqual(38);
  });

  it('the right shape with a bad value in one field, reaching as deep as the value lets it', async () => {
    const routeNames = routes.map((r) => `${r.method} ${r.path}`);
    for (const [name, makeBody] of Object.entries(validBodies)) {
      expect(routeNames, name).toContain(name);
      const [method, path] = name.split(' ') as [string, string];
      const route = { method, path };
      const { params, headers } = reach(name);
      const post = async (payload: unknown) =>
        send('field', {
          method: method as 'POST',
          url: urlFor(route, params),
          headers,
          payload: payload as string,
        });
      // The valid body first: it must get through, or the bad values below would prove nothing.
      const valid = await makeBody();
      const passed = await post(valid);
      expect(passed.statusCode, `${name}: ${passed.body}`).not.toBe(400);
      for (const leaf of leavesOf(valid)) {
        for (const value of badValues) await post(withValue(await makeBody(), leaf, value));
      }
      await post(withValue(valid, ['extra'], 1));
    }
    expect(problems).toEqual([]);
  });

  it('garbage, empty and overlong path parameters', async () => {
    for (const route of routes) {
      for (const name of route.path.match(/:\w+/gu) ?? []) {
        for (const value of badParams) {
          await send('param', {
            method: route.method as 'GET',
            url: urlFor(route, { [name.slice(1)]: value }),
          });
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('garbage query strings', async () => {
    for (const route of routes) {
      // Only GET routes read a query; the others get what could trip the parser itself.
      for (const query of route.method === 'GET' ? badQueries : parserQueries) {
        await send('query', { method: route.method as 'GET', url: `${urlFor(route)}?${query}` });
      }
    }
    expect(problems).toEqual([]);
  });

  it('malformed JSON, JSON of wrong types, unknown fields, missing and huge bodies', async () => {
    for (const route of routes.filter((r) => hasBody(r.method))) {
      await send('no body', { method: route.method as 'POST', url: urlFor(route) });
      for (const payload of badJsonBodies) {
        await send('json', {
          method: route.method as 'POST',
          url: urlFor(route),
          headers: { 'content-type': 'application/json' },
          payload,
        });
      }
    }
    expect(problems).toEqual([]);
  });

  it('multipart without a file, with an empty file, and content types no route takes', async () => {
    for (const route of routes.filter((r) => hasBody(r.method))) {
      for (const [contentType, payload] of otherBodies) {
        await send('content', {
          method: route.method as 'POST',
          url: urlFor(route),
          headers: { 'content-type': contentType },
          payload,
        });
      }
    }
    expect(problems).toEqual([]);
  });

  it('missing and garbage credentials', async () => {
    for (const route of allRoutes) {
      for (const authorization of badAuthorizations) {
        await send('auth', { method: route.method as 'GET', url: urlFor(route), headers: { authorization } });
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(2000);
  });
});
