import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { isIncludable } from '../includables';
import type { ObservedBody } from '../stripe-sandbox';
import { ALLOWED_KEYS, ALLOWED_TYPE_ERRORS } from './allow-list';
import { kindOf, SDK_TYPES } from './sdk-types';

/**
 * The conformance check: every body the sandbox answered in a suite (API answers and webhook
 * payloads) is type-checked against the `stripe` SDK's types in strict mode, and each Stripe object
 * in it has the keys of Stripe's published fixture for that object (openapi/fixtures3.json). A
 * difference fails unless allow-list.ts names it with a reason.
 */

const here = path.dirname(new URL(import.meta.url).pathname);
const repoRoot = path.resolve(here, '../../../..');
const fixtures = (
  JSON.parse(readFileSync(path.join(here, 'fixtures3.json'), 'utf8')) as {
    resources: Record<string, Record<string, unknown>>;
  }
).resources;

type Json = Record<string, unknown>;

export interface Recorder {
  observe(body: ObservedBody): void;
  readonly bodies: ObservedBody[];
}

export function createRecorder(): Recorder {
  const bodies: ObservedBody[] = [];
  return { observe: (body) => bodies.push(structuredClone(body)), bodies };
}

/** Sandbox-only calls answer the sandbox's own shapes: nothing of Stripe's to compare. */
function isStripeRoute(body: ObservedBody): boolean {
  return body.source === 'webhook' || !/ \/v1\/(sandbox|payment_pages)\//.test(body.route);
}

/** The answer's top-level Stripe objects: itself, or a list's items. */
function topObjects(body: unknown): Json[] {
  if (!body || typeof body !== 'object') return [];
  const record = body as Json;
  if (record.object === 'list' || record.object === 'search_result')
    return ((record.data as unknown[]) ?? []).filter((x): x is Json => !!x && typeof x === 'object');
  return [record];
}

/** Every Stripe object in a tree (expanded fields, list items, an event's object), with its path. */
function* objectsIn(value: unknown, at: string): Generator<{ value: Json; at: string }> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* objectsIn(item, `${at}[${i}]`);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const record = value as Json;
  if (typeof record.object === 'string' && record.object !== 'list' && record.object !== 'search_result')
    yield { value: record, at };
  for (const [key, child] of Object.entries(record)) {
    // previous_attributes holds old values of some fields, not a whole object.
    if (key !== 'previous_attributes') yield* objectsIn(child, `${at}.${key}`);
  }
}

function keyDifferences(value: Json, at: string): string[] {
  const kind = kindOf(value);
  const fixture = fixtures[kind];
  if (!fixture) return SDK_TYPES[kind] ? [] : [`${at}: ${kind} has no SDK type`];
  const allowed = ALLOWED_KEYS[kind] ?? {};
  const differences: string[] = [];
  for (const key of Object.keys(fixture)) {
    // An includable field (a charge's refunds) is absent unless expanded, as on Stripe.
    if (key in value || isIncludable(String(value.object), key) || allowed.missing?.[key]) continue;
    differences.push(`${at}: ${kind} lacks ${key}`);
  }
  for (const key of Object.keys(value)) {
    if (key in fixture || isIncludable(String(value.object), key) || allowed.extra?.[key]) continue;
    differences.push(`${at}: ${kind} has ${key}, which Stripe's fixture has not`);
  }
  return differences;
}

/** Field sets compared with Stripe's fixtures; one line per difference not allowed. */
export function fixtureDifferences(bodies: ObservedBody[]): string[] {
  const differences = new Set<string>();
  for (const body of bodies.filter(isStripeRoute)) {
    if ((body.body as Json)?.error) continue;
    for (const { value, at } of objectsIn(body.body, body.route))
      for (const line of keyDifferences(value, at.replace(/\[\d+\]/g, '[]'))) differences.add(line);
  }
  return [...differences];
}

/** A body's shape (keys, and short enum-like values): one representative of each is type-checked. */
function shapeOf(value: unknown): string {
  if (Array.isArray(value)) return `[${[...new Set(value.map(shapeOf))].sort().join('|')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}:${shapeOf(v)}`)
      .join(',')}}`;
  if (typeof value === 'string' && /^[a-z_.]{1,60}$/.test(value)) return JSON.stringify(value);
  return value === null ? 'null' : typeof value;
}

interface Checked {
  route: string;
  kind: string;
  shape: string;
}

/**
 * Shapes type-checked already, and found right (the product's API suites share one across their
 * files, so a shape is checked once per run rather than once per file).
 */
export interface ShapeCache {
  has(shape: string): boolean;
  add(shapes: string[]): void;
}

const DECIMAL_MARK = '__wire_decimal__';

/**
 * Decimals (`unit_amount_decimal`) travel as strings; the SDK turns them into Decimal objects as it
 * parses an answer (its response schema's `decimal_string`), and its types name the parsed form. A
 * string that is a decimal becomes a Decimal value in the checked source; anything else stays a
 * string, and fails.
 */
function toSource(value: unknown): string {
  const json = JSON.stringify(value, (key, field) =>
    key.endsWith('_decimal') && typeof field === 'string' && /^-?\d+(\.\d+)?$/.test(field)
      ? `${DECIMAL_MARK}${field}`
      : field,
  );
  return json.replace(new RegExp(`"${DECIMAL_MARK}[^"]*"`, 'g'), 'wireDecimal');
}

/** One line of TypeScript per body: `export const b3 = {...} satisfies Stripe.Invoice;`. */
function typeCheckSource(bodies: ObservedBody[], cache?: ShapeCache): { source: string; checked: Checked[] } {
  const seen = new Set<string>();
  const checked: Checked[] = [];
  const lines = ["import type Stripe from 'stripe';", 'declare const wireDecimal: Stripe.Decimal;'];
  for (const body of bodies.filter(isStripeRoute)) {
    const error = (body.body as Json)?.error;
    const items = error ? [body.body as Json] : topObjects(body.body);
    for (const value of items) {
      const kind = error ? 'error' : kindOf(value);
      const type = error ? '{ error: Stripe.StripeRawError }' : SDK_TYPES[kind];
      const shape = `${kind} ${shapeOf(value)}`;
      if (!type || seen.has(shape) || cache?.has(shape)) continue;
      seen.add(shape);
      checked.push({ route: body.route, kind, shape });
      lines.push(`export const b${checked.length} = ${toSource(value)} satisfies ${type};`);
    }
  }
  return { source: `${lines.join('\n')}\n`, checked };
}

/** tsc's diagnostics, each with the route and object kind of the body it is about. */
function typeErrors(output: string, checked: Checked[]): string[] {
  const errors: string[] = [];
  const pattern = /^bodies\.ts\((\d+),\d+\): error (TS\d+): (.*)$/;
  for (const line of output.split('\n')) {
    const match = pattern.exec(line.trim());
    if (!match) {
      // tsc continues a message on indented lines; they say which property is wrong.
      if (errors.length > 0 && /^\s+/.test(line) && line.trim())
        errors[errors.length - 1] += ` ${line.trim()}`;
      continue;
    }
    const body = checked[Number(match[1]) - 3];
    errors.push(`${body?.route} (${body?.kind}): ${match[2]} ${match[3]}`);
  }
  return [...new Set(errors)].filter((error) => !ALLOWED_TYPE_ERRORS.some(({ pattern: p }) => p.test(error)));
}

/** Runs tsc (strict, excess-property checks through `satisfies`) over the bodies; the errors not allowed. */
export async function sdkTypeErrors(
  bodies: ObservedBody[],
  suite: string,
  cache?: ShapeCache,
): Promise<string[]> {
  const { source, checked } = typeCheckSource(bodies, cache);
  if (checked.length === 0) return [];
  const dir = path.join(repoRoot, '.data-conformance', suite);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'bodies.ts'), source);
  const config = {
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: [],
    },
    files: ['bodies.ts'],
  };
  await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify(config));
  const tsc = path.join(repoRoot, 'node_modules', '.bin', 'tsc');
  const output = await promisify(execFile)(
    tsc,
    ['-p', path.join(dir, 'tsconfig.json'), '--pretty', 'false'],
    {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
    },
  ).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string; message: string }) => error.stdout || error.message,
  );
  const errors = typeErrors(output, checked);
  if (errors.length === 0) {
    await rm(dir, { recursive: true, force: true });
    cache?.add(checked.map(({ shape }) => shape));
  }
  return errors;
}

/** How many bodies of Stripe's routes a suite recorded, by source: the check is not vacuous. */
export function recordedCounts(bodies: ObservedBody[]): { api: number; webhook: number } {
  const stripe = bodies.filter(isStripeRoute);
  return {
    api: stripe.filter((b) => b.source === 'api').length,
    webhook: stripe.filter((b) => b.source === 'webhook').length,
  };
}

/** tsc takes a few seconds on a quiet machine; a loaded one (CI, seven engineers) needs more. */
export const CONFORMANCE_TIMEOUT_MS = 180_000;

/** The suite's check: what it recorded, and every difference not allowed. */
export async function conformanceReport(recorder: Recorder, suite: string, cache?: ShapeCache) {
  return {
    recorded: recordedCounts(recorder.bodies),
    fixtureDifferences: fixtureDifferences(recorder.bodies),
    typeErrors: await sdkTypeErrors(recorder.bodies, suite, cache),
  };
}
