import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { Queryable } from '../db/db';
import { TooManyRequestsError } from '../errors';
import { countHit, peekHits } from './hit-counter';
import { logSurvivedFailure } from './outage';

// Abuse limits (docs/decisions/008-abuse-limits.md): @fastify/rate-limit decides, counts and sets the
// headers (Retry-After, x-ratelimit-*); its counters live in Postgres (rate_limit_counters), so
// several servers on one database count together and a restart forgets nothing.

/** A limit's options as routes give them: the plugin's, plus the counter's name. */
export type AbuseLimit = RateLimitOptions & {
  /** Names the counter (route limits default to the route's URL): keys of two limits never mix. */
  name?: string;
};

interface StoreParams {
  name?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** @fastify/rate-limit's answer for a key: its count and the ms left in its window. */
async function countForPlugin(
  db: Queryable,
  now: Date,
  key: string,
  windowMs: number,
  increment: boolean,
): Promise<{ current: number; ttl: number }> {
  const row = increment ? await countHit(db, key, now, windowMs) : await peekHits(db, key, now, windowMs);
  if (!row) return { current: 0, ttl: windowMs };
  const ttl = new Date(row.windowStart).getTime() + windowMs - now.getTime();
  return { current: row.hits, ttl: Math.max(1, ttl) };
}

/** @fastify/rate-limit's store interface over rate_limit_counters. */
function postgresStore(
  db: Queryable,
  clock: Clock,
  log: (error: unknown, route: StoreParams['routeInfo']) => void,
) {
  return class PostgresRateLimitStore {
    private readonly prefix: string;
    private readonly routeInfo: StoreParams['routeInfo'];

    // The plugin passes its merged options (typed as route options): name and routeInfo are read.
    constructor(options: object) {
      const params = options as StoreParams;
      const route = params.routeInfo?.url
        ? `${params.routeInfo.method ?? ''} ${params.routeInfo.url}`
        : 'global';
      this.prefix = params.name ?? route;
      this.routeInfo = params.routeInfo;
    }

    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      countForPlugin(db, clock.now(), `${this.prefix}:${key}`, timeWindow, true).then(
        (result) => callback(null, result),
        (error: Error) => {
          log(error, this.routeInfo);
          callback(error);
        },
      );
    }

    read(key: string, callback: StoreCallback, timeWindow: number): void {
      countForPlugin(db, clock.now(), `${this.prefix}:${key}`, timeWindow, false).then(
        (result) => callback(null, result),
        (error: Error) => {
          log(error, this.routeInfo);
          callback(error);
        },
      );
    }

    child(options: object): PostgresRateLimitStore {
      return new PostgresRateLimitStore(options);
    }
  };
}

/**
 * Registers @fastify/rate-limit with no global limit: routes opt in with `config: { rateLimit }`
 * (keyed by client address before the body is read) or with `app.rateLimit({...})` in their
 * preHandler (after validation, so a key may be a body field such as the email address).
 */
export async function registerRateLimits(app: FastifyInstance, db: Queryable, clock: Clock): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    store: postgresStore(db, clock, (error, route) =>
      logSurvivedFailure(app, error, 'rate-limit store failed', {
        method: route?.method ?? null,
        route: route?.url ?? null,
      }),
    ),
    // A database hiccup must not lock everyone out, nor become a 500: the request goes on (logged)
    // and the next one counts again.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => new TooManyRequestsError(Math.ceil(context.ttl / 1000)),
  });
}

/** A key from a request field, normalised (emails are one account whatever their case). */
export function keyOf(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : String(value);
}

/** The client address (Fastify's request.ip, behind a proxy the proxy's view when trustProxy is set). */
export const clientAddress = (request: FastifyRequest): string => request.ip;

/**
 * A limit that counts failures only (a wrong auth code, a wrong file secret): honest use never
 * reaches it however busy a client is, while guessing is refused after `max` misses per window.
 * `check` refuses once the misses are spent; `recordFailure` counts one.
 */
export function createFailureLimit(
  app: FastifyInstance,
  options: { name: string; max: number; windowMs: number; key: (request: FastifyRequest) => string },
) {
  const limiter = app.createRateLimit({
    name: options.name,
    max: options.max,
    timeWindow: options.windowMs,
    keyGenerator: options.key,
  } as AbuseLimit);
  return {
    async check(
      request: FastifyRequest,
      reply: { header(name: string, value: number): unknown },
    ): Promise<void> {
      const state = await limiter(request, { increment: false });
      if (!state.isAllowed && state.remaining === 0) {
        reply.header('retry-after', state.ttlInSeconds);
        throw new TooManyRequestsError(state.ttlInSeconds);
      }
    },
    async recordFailure(request: FastifyRequest): Promise<void> {
      await limiter(request);
    },
    /** Runs the call, counting a failure when it throws an error `isFailure` recognises. */
    async counting<T>(
      request: FastifyRequest,
      isFailure: (error: unknown) => boolean,
      run: () => Promise<T>,
    ) {
      try {
        return await run();
      } catch (error) {
        if (isFailure(error)) await limiter(request);
        throw error;
      }
    },
  };
}

/** Wrong one-time keys (invitation join, redirect, file secrets) one client address may try per window. */
export const KEY_MISSES_PER_WINDOW = 30;
export const KEY_MISS_WINDOW_MS = 15 * 60 * 1000;

/**
 * The guard of a call whose credential is a key in the URL: each unknown key counts against the
 * client address, and once the misses are spent the call is refused (429) until the window ends.
 */
export function createKeyGuessLimit(app: FastifyInstance, name: string) {
  return createFailureLimit(app, {
    name,
    max: KEY_MISSES_PER_WINDOW,
    windowMs: KEY_MISS_WINDOW_MS,
    key: clientAddress,
  });
}
