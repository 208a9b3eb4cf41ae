// Chaos between the browser and the API: a page.route handler that spoils a share of the
// console's API calls, chosen by a seeded random so a failing run can be replayed (CHAOS_SEED).
import { type APIRequestContext, expect, type Page, type Route } from '@playwright/test';
import { seededRandom } from '../../src/test/seeded-random';
import { authCode } from './cli';

/** What a spoiled call gets. 'dropAfter' is the interesting one: the server applied it, the answer is lost. */
export type Fault = 'serverError' | 'dropBefore' | 'dropAfter' | 'slow';
const FAULTS: Fault[] = ['serverError', 'dropBefore', 'dropAfter', 'slow'];

export interface ChaosStats {
  calls: number;
  faults: Record<Fault, number>;
  /** Writes (POST, PUT, DELETE) the server applied whose answer the browser never got. */
  droppedWrites: string[];
}

export const CHAOS_SEED = Number(process.env.CHAOS_SEED ?? 20261123);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** FNV-1a: a seed per call from the run's seed and the call's name. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

export interface ChaosOptions {
  seed?: number;
  rate?: number;
  /** Mixed into every call's dice (the test's title): the same call meets other faults in each test. */
  salt?: string;
  /** Writes whose first try always loses its answer after the server applied it (method and path). */
  dropFirstAnswerOf?: RegExp;
}

/**
 * Spoils `rate` of the page's /api/ calls: a 503 with the spec's error body, a connection dropped
 * before the server saw the call, one dropped after the server answered, or a reply held 0.5-2.5 s.
 * Each call's fate hangs on the seed, the salt, its method and path and how many times it was made before, so
 * background polling does not shift the dice of the calls under test.
 */
export async function unleashChaos(page: Page, options: ChaosOptions = {}): Promise<ChaosStats> {
  const { seed = CHAOS_SEED, rate = 0.2, salt = '', dropFirstAnswerOf } = options;
  const made = new Map<string, number>();
  const stats: ChaosStats = {
    calls: 0,
    faults: { serverError: 0, dropBefore: 0, dropAfter: 0, slow: 0 },
    droppedWrites: [],
  };
  await page.route(/\/api\//, async (route: Route) => {
    stats.calls++;
    const call = `${route.request().method()} ${new URL(route.request().url()).pathname}`;
    const nth = made.get(call) ?? 0;
    made.set(call, nth + 1);
    const random = seededRandom(hashOf(`${seed} ${salt} ${call} ${nth}`));
    const forced = nth === 0 && dropFirstAnswerOf?.test(call);
    if (!forced && random() >= rate) return route.continue();
    const fault = forced ? 'dropAfter' : (FAULTS[Math.floor(random() * FAULTS.length)] as Fault);
    stats.faults[fault]++;
    switch (fault) {
      case 'serverError':
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ errorCode: 1, errorMessage: 'Service unavailable', errorData: null }),
        });
      case 'dropBefore':
        return route.abort('connectionreset');
      case 'dropAfter': {
        // The server runs the call to the end; only its answer is lost on the way back.
        await route.fetch().catch(() => null);
        const request = route.request();
        if (request.method() !== 'GET') stats.droppedWrites.push(`${request.method()} ${request.url()}`);
        return route.abort('connectionreset');
      }
      case 'slow':
        await sleep(500 + Math.floor(random() * 2000));
        return route.continue();
    }
  });
  return stats;
}

/** A call that fails every time: how many tries reached it, and how to let the next ones through. */
export interface AlwaysFailing {
  tries: () => number;
  heal: () => Promise<void>;
}

/** Fails every matching call (as a 503) until `heal` is called; counts the tries. */
export async function failAlways(page: Page, url: RegExp, method: string): Promise<AlwaysFailing> {
  let tries = 0;
  const handler = (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    tries++;
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ errorCode: 1, errorMessage: 'Service unavailable', errorData: null }),
    });
  };
  await page.route(url, handler);
  return { tries: () => tries, heal: () => page.unroute(url, handler) };
}

/** The console's retry policy (spec section 8, src/api/client.ts): a try and 5 retries, 2 s apart. */
export const TRIES = 1 + 5;

/**
 * Moves the page's clock (`page.clock.install()` before the first load) through the console's retry
 * backoff instead of waiting it out: half a second at a time until `failing` has seen `tries` tries.
 * Each retry is still made, and made when its delay is due on the page's clock; only the waiting
 * goes (10 s of real time per call that fails on every try).
 */
export async function fastForwardThroughRetries(page: Page, failing: AlwaysFailing, tries = TRIES) {
  await expect
    .poll(
      async () => {
        if (failing.tries() < tries) await page.clock.fastForward(500);
        return failing.tries();
      },
      { intervals: [100], timeout: 30_000 },
    )
    .toBe(tries);
}

/** The API as a person, outside the spoiled page: to count what the server really holds. */
export async function apiAs(request: APIRequestContext, email: string) {
  const signIn = await request.post('/api/v2/auth/code', {
    data: { code: await authCode(email), platform: 'web' },
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  return async <T>(path: string): Promise<T> => {
    const response = await request.get(path, { headers: { authorization: `Bearer ${accessToken}` } });
    if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

export function describeStats(name: string, stats: ChaosStats): string {
  const { faults } = stats;
  return (
    `chaos ${name}: ${stats.calls} API calls, ${faults.serverError} x 503, ${faults.dropBefore} dropped before, ` +
    `${faults.dropAfter} dropped after the server answered (${stats.droppedWrites.length} writes), ${faults.slow} slow`
  );
}
