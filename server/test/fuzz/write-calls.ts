import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { createSignedInTeam, type Person, refOf, type SmallTeam } from '../team-fixtures';
import { anyJunk, DeepValue, type FieldHints, toJsonText, validAndInvalid } from './zod-arbitrary';

// The write calls of the API (every POST, PUT and DELETE under /api), read from the app's own route
// catalogue with the zod schemas they validate with, and the requests the fuzz makes of them.

export interface WriteRoute {
  method: string;
  /** With `:name` parameters. */
  url: string;
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE']);

/** Every write route the app registered (a new one joins without being listed anywhere). */
export function writeRoutes(app: FastifyInstance): WriteRoute[] {
  return app.routeCatalogue
    .filter((route) => WRITE_METHODS.has(route.method) && route.url.startsWith('/api'))
    .map((route) => {
      const schema = (route.schema ?? {}) as Partial<Record<'params' | 'querystring' | 'body', ZodType>>;
      return {
        method: route.method,
        url: route.url,
        params: schema.params,
        querystring: schema.querystring,
        body: schema.body,
        // A failing case prints as the route's name, not as its schemas.
        [fc.toStringMethod]: () => `${route.method} ${route.url}`,
      };
    });
}

/** A fresh team of three, signed in: the people the fuzz calls as. Premium, so nothing is closed by plan. */
export interface FuzzWorld {
  owner: Person;
  admin: Person;
  member: Person;
  rows: SmallTeam;
}

export async function createFuzzWorld(t: Parameters<typeof createSignedInTeam>[0]): Promise<FuzzWorld> {
  const { world, owner, admin, member } = await createSignedInTeam(t, {
    plan: 'premium',
    domain: 'fuzz.test',
  });
  return { owner, admin, member, rows: world };
}

export const CALLERS = ['owner', 'member', 'anonymous'] as const;
export type CallerName = (typeof CALLERS)[number];

const rowOf = (world: FuzzWorld, caller: CallerName) =>
  caller === 'member' ? world.rows.member : world.rows.owner;

/**
 * Good values of path parameters, by name, for a caller: most requests use one, so they reach the
 * handler rather than stopping at the router. A route with a new parameter name adds one line here.
 */
export const PARAM_VALUES: Record<string, (world: FuzzWorld, caller: CallerName) => string[]> = {
  teamUser: (world, caller) => [refOf(rowOf(world, caller))],
  teamId: (world) => [String(world.rows.team.id)],
  id: (world) => [
    'me',
    String(world.rows.member.id),
    String(world.rows.admin.id),
    String(world.rows.owner.id),
  ],
  key: () => [randomBytes(24).toString('base64url')],
  avatar: () => [`${randomBytes(32).toString('hex')}.png`],
};

/** Stand-ins resolved against the world when a call is sent (the world is rebuilt now and then). */
const WORLD_VALUES: Record<string, (world: FuzzWorld) => string> = {
  '$world.member.email': (world) => world.member.account.email,
  '$world.admin.email': (world) => world.admin.account.email,
  '$world.owner.email': (world) => world.owner.account.email,
};

/** Field names whose meaning a schema cannot say: values that reach deeper than random text. */
export const FIELD_HINTS: FieldHints = {
  email: fc.constantFrom(
    ...Object.keys(WORLD_VALUES),
    'new-person@fuzz.test',
    'mia@acme.test',
    'someone@elsewhere.test',
  ),
  planId: fc.constantFrom('plus_30', 'plus_365', 'pro_30', 'pro_365', 'premium_365', 'basic_30'),
  country: fc.constantFrom('DE', 'US', 'FR', 'GB'),
  role: fc.constantFrom('admin', 'member', 'owner'),
};

export interface FuzzCall {
  route: WriteRoute;
  caller: CallerName;
  /** Per parameter: a good value (by index into PARAM_VALUES) or text from the schema or junk. */
  params: Record<string, { good: number } | { raw: unknown }>;
  query: unknown;
  body: unknown;
  /** The client's address: the abuse limits count per address, so the fuzz comes from many. */
  remoteAddress: string;
}

function paramArbitrary(name: string, schema: ZodType | undefined) {
  const shape = schema
    ? (schema as unknown as { _zod: { def: { shape?: Record<string, ZodType> } } })._zod.def.shape
    : undefined;
  const fromSchema = validAndInvalid(shape?.[name]);
  return fc.oneof(
    { weight: 6, arbitrary: fc.nat().map((good) => ({ good })) },
    { weight: 2, arbitrary: fromSchema.map((raw) => ({ raw })) },
    { weight: 1, arbitrary: anyJunk.map((raw) => ({ raw })) },
  );
}

/** One request to one of the routes, as one of the callers. */
export function callArbitrary(routes: WriteRoute[]): fc.Arbitrary<FuzzCall> {
  return fc.oneof(
    ...routes.map((route) => {
      const names = (route.url.match(/:\w+/gu) ?? []).map((name) => name.slice(1));
      return fc.record({
        route: fc.constant(route),
        caller: fc.constantFrom(...CALLERS),
        params: fc.record(
          Object.fromEntries(names.map((name) => [name, paramArbitrary(name, route.params)])),
        ),
        query: route.querystring
          ? validAndInvalid(route.querystring, FIELD_HINTS)
          : fc.option(
              fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 }), { maxKeys: 3 }),
              {
                freq: 4,
              },
            ),
        body: validAndInvalid(route.body, FIELD_HINTS),
        remoteAddress: fc.ipV4(),
      });
    }),
  );
}

function resolveWorld(value: unknown, world: FuzzWorld): unknown {
  // Own keys only: a fuzzed '__proto__' or 'constructor' is text, not a stand-in.
  if (typeof value === 'string')
    return Object.hasOwn(WORLD_VALUES, value) ? WORLD_VALUES[value]?.(world) : value;
  if (value instanceof DeepValue) return value;
  if (Array.isArray(value)) return value.map((item) => resolveWorld(item, world));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveWorld(item, world)]));
  return value;
}

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : (toJsonText(value) ?? String(value));

/** Every UTF-8 byte percent-encoded (a lone surrogate goes as U+FFFD, as a browser would send it). */
const percentEncoded = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** The call as app.inject options, against the current world. */
export function toRequest(call: FuzzCall, world: FuzzWorld) {
  const url = call.route.url.replace(/:(\w+)/gu, (_all, name: string) => {
    const choice = call.params[name];
    if (!choice) return '1';
    if ('good' in choice) {
      const values = PARAM_VALUES[name]?.(world, call.caller) ?? ['1'];
      return encodeURIComponent(values[choice.good % values.length] as string);
    }
    // Path parameters are text: junk goes as its JSON text, cut to what a URL may carry.
    return percentEncoded(asText(choice.raw).slice(0, 3000)) || '%20';
  });
  const search = new URLSearchParams();
  const query = resolveWorld(call.query, world);
  if (query !== null && typeof query === 'object' && !Array.isArray(query)) {
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) search.append(key, asText(value).slice(0, 3000));
    }
  } else if (query !== undefined && query !== null) {
    search.append(asText(query).slice(0, 100), '1');
  }
  const body = resolveWorld(call.body, world);
  const person = call.caller === 'anonymous' ? null : world[call.caller];
  const headers: Record<string, string> = {};
  if (person) headers.authorization = `Bearer ${person.tokens.accessToken}`;
  const payload = body === undefined ? undefined : toJsonText(body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const queryText = search.toString();
  return {
    method: call.route.method as 'POST' | 'PUT' | 'DELETE',
    url: queryText ? `${url}?${queryText}` : url,
    headers,
    payload,
    remoteAddress: call.remoteAddress,
    /** What the request carried, for telling an echo from a leak. */
    sent: { query, body, url },
  };
}

/**
 * Billing calls first bring the caller's copy of the provider's state up to date (the same sync a
 * read does), and so may write it even when they refuse. The fuzz makes that read itself before it
 * takes the snapshot, so a refused call's own writes still show. One line per such family of calls.
 */
const SYNC_READS: [RegExp, (call: FuzzCall, world: FuzzWorld) => string][] = [
  [/^\/api\/v\d\/billing\//u, () => '/api/v1/billing/details'],
  [
    /^\/api\/v\d\/collab\/:teamUser\/billing/u,
    (call, world) => `/api/v1/collab/${refOf(rowOf(world, call.caller))}/billing`,
  ],
];

/** The read that syncs what this call would sync first, or null. */
export function syncReadFor(call: FuzzCall, world: FuzzWorld) {
  if (call.caller === 'anonymous') return null;
  const found = SYNC_READS.find(([pattern]) => pattern.test(call.route.url));
  if (!found) return null;
  return {
    method: 'GET' as const,
    url: found[1](call, world),
    headers: { authorization: `Bearer ${world[call.caller].tokens.accessToken}` },
  };
}
