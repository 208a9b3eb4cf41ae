import fc from 'fast-check';
import type { ZodType } from 'zod';

// fast-check arbitraries from the very zod schemas the server validates with: values of the right
// shape (so a call gets past validation into the handler and the database), and the same values
// spoiled in one place (wrong types, huge strings, unicode, NUL, nested junk, missing or extra keys).

// zod 4 keeps what a schema is in `_zod.def`: its type, children and checks.
interface Def {
  type: string;
  shape?: Record<string, ZodType>;
  element?: ZodType;
  innerType?: ZodType;
  options?: ZodType[];
  in?: ZodType;
  left?: ZodType;
  items?: ZodType[];
  keyType?: ZodType;
  valueType?: ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
  pattern?: RegExp;
  checks?: { _zod: { def: CheckDef } }[];
}
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

const defOf = (schema: ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] => (def.checks ?? []).map((check) => check._zod.def);

/** Values a field may hold instead of the right one: what a careless or hostile client sends. */
const nastyLeaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    0,
    -1,
    1.5,
    2 ** 31,
    2 ** 53 + 2,
    1e308,
    -1e308,
    true,
    false,
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff',
    '\u202e\u0007\u007f',
    '😀'.repeat(50),
    "'; DROP TABLE team_users; --",
    '../../etc/passwd',
    '%00',
    '<script>alert(1)</script>',
    'me',
    '1',
    'true',
    'null',
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 30 }),
  // Any code point, lone surrogates included.
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.integer({ min: 1_000, max: 300_000 }).map((length) => 'x'.repeat(length)),
);

const { junk } = fc.letrec<{ junk: unknown }>((tie) => ({
  junk: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyLeaf,
    fc.array(tie('junk'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 10 }), tie('junk'), { maxKeys: 4 }),
  ),
}));

/**
 * An object or array thousands of levels deep (parsers and validators that recurse may fall over),
 * built only when serialised: fast-check can then print a failing case without recursing itself.
 */
export class DeepValue {
  constructor(
    readonly depth: number,
    readonly asArray: boolean,
  ) {}

  /** As JSON text, written out directly: JSON.stringify itself recurses and may run out of stack. */
  text(): string {
    return this.asArray
      ? `${'['.repeat(this.depth)}1${']'.repeat(this.depth)}`
      : `${'{"a":'.repeat(this.depth)}1${'}'.repeat(this.depth)}`;
  }

  [fc.toStringMethod](): string {
    return `DeepValue(${this.depth}, ${this.asArray ? 'arrays' : 'objects'})`;
  }
}

const DEEP_MARK = '\u0001deep:';

/** JSON text of a value that may hold DeepValues. */
export function toJsonText(value: unknown): string | undefined {
  const deep: DeepValue[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof DeepValue)) return item;
    deep.push(item);
    return `${DEEP_MARK}${deep.length - 1}`;
  });
  if (text === undefined || deep.length === 0) return text;
  return text.replace(/"\\u0001deep:(\d+)"/gu, (_all, index: string) =>
    (deep[Number(index)] as DeepValue).text(),
  );
}

const deepJunk = fc
  .tuple(fc.integer({ min: 50, max: 5_000 }), fc.boolean())
  .map(([depth, asArray]) => new DeepValue(depth, asArray));

/** Anything at all: a leaf, a small tree of junk, or a very deep one. */
export const anyJunk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: junk },
  { weight: 1, arbitrary: deepJunk },
);

/** Field names whose meaning a schema cannot say: values that reach further than random text. */
export type FieldHints = Record<string, fc.Arbitrary<unknown>>;

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  let minLength = 0;
  let maxLength = 40;
  let pattern: RegExp | undefined = def.pattern;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') minLength = check.minimum ?? 0;
    if (check.check === 'max_length') maxLength = Math.min(check.maximum ?? maxLength, 200);
    if (check.check === 'length_equals') minLength = maxLength = check.length ?? 0;
    if (check.check === 'string_format' && check.pattern) pattern = check.pattern;
  }
  if (def.format === 'email') return fc.emailAddress({ size: 'xsmall' });
  if (pattern) return fc.stringMatching(pattern, { size: 'xsmall' });
  maxLength = Math.max(minLength, maxLength);
  return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ unit: 'grapheme', minLength, maxLength }));
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let min = -1e9;
  let max = 1e9;
  let integer = false;
  for (const check of checksOf(def)) {
    if (check.check === 'number_format') integer = true;
    if (check.check === 'greater_than')
      min = (check.value ?? min) + (check.inclusive ? 0 : integer ? 1 : 1e-6);
    if (check.check === 'less_than') max = (check.value ?? max) - (check.inclusive ? 0 : integer ? 1 : 1e-6);
  }
  return integer || (Number.isInteger(min) && Number.isInteger(max) && max - min < 1e6)
    ? fc.integer({ min: Math.ceil(Math.max(min, -(2 ** 31))), max: Math.floor(Math.min(max, 2 ** 31 - 1)) })
    : fc.double({ min, max, noNaN: true });
}

/** Values of the schema's shape (mostly valid; refinements the schema checks in code may still fail). */
export function arbitraryFor(schema: ZodType, hints: FieldHints = {}, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const child = (inner: ZodType | undefined) => (inner ? arbitraryFor(inner, hints, depth + 1) : anyJunk);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'bigint':
      return fc.integer();
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'date':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'optional':
      return fc.option(child(def.innerType), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(child(def.innerType), { nil: null, freq: 3 });
    case 'default':
    case 'prefault':
      return fc.option(child(def.innerType), { nil: undefined, freq: 3 });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return child(def.innerType);
    case 'pipe':
      return child(def.in);
    case 'intersection':
      return child(def.left);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => child(option)));
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item) => child(item)));
    case 'array': {
      let minLength = 0;
      let maxLength = 4;
      for (const check of checksOf(def)) {
        if (check.check === 'min_length') minLength = check.minimum ?? 0;
        if (check.check === 'max_length') maxLength = Math.min(check.maximum ?? 4, 4);
      }
      return fc.array(child(def.element), { minLength, maxLength: Math.max(minLength, maxLength) });
    }
    case 'record':
      return fc.dictionary(child(def.keyType) as fc.Arbitrary<string>, child(def.valueType), { maxKeys: 3 });
    case 'object': {
      const shape = def.shape ?? {};
      const fields = Object.fromEntries(
        Object.entries(shape).map(([key, field]) => {
          const own = child(field);
          const hint = hints[key];
          return [key, hint ? fc.oneof({ weight: 2, arbitrary: hint }, { weight: 1, arbitrary: own }) : own];
        }),
      );
      // Optional fields are left out now and then, rather than sent as undefined.
      const optional = Object.entries(shape)
        .filter(([, field]) => ['optional', 'default', 'prefault'].includes(defOf(field).type))
        .map(([key]) => key);
      const requiredKeys = Object.keys(shape).filter((key) => !optional.includes(key));
      return fc.record(fields, { requiredKeys });
    }
    default:
      // transform, custom, any, unknown, lazy, file...: the schema does not say; anything goes.
      return anyJunk;
  }
}

/** Every place in a JSON value, as a path of keys and indexes (the value itself: the empty path). */
function placesOf(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const here = [path];
  if (value instanceof DeepValue) return here;
  if (Array.isArray(value))
    return here.concat(value.flatMap((item, index) => placesOf(item, [...path, index])));
  if (value !== null && typeof value === 'object')
    return here.concat(Object.entries(value).flatMap(([key, item]) => placesOf(item, [...path, key])));
  return here;
}

type Spoil = 'replace' | 'drop' | 'extra';

function spoilAt(
  value: unknown,
  path: (string | number)[],
  how: Spoil,
  junkValue: unknown,
  extraKey: string,
) {
  if (path.length === 0) {
    if (how === 'replace') return junkValue;
    if (how === 'extra' && value !== null && typeof value === 'object' && !Array.isArray(value))
      return { ...value, [extraKey]: junkValue };
    return how === 'drop' ? undefined : junkValue;
  }
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  if (rest.length === 0 && how === 'drop') {
    if (Array.isArray(copy)) (copy as unknown[]).splice(key as number, 1);
    else delete copy[key];
    return copy;
  }
  copy[key] = spoilAt(copy[key], rest, how, junkValue, extraKey);
  return copy;
}

/** A value of the schema's shape spoiled in one place: a field replaced by junk, dropped, or an extra key. */
export function spoiled(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      valid,
      fc.nat(),
      fc.constantFrom<Spoil>('replace', 'replace', 'drop', 'extra'),
      anyJunk,
      fc.oneof(
        fc.string({ maxLength: 12 }),
        fc.constantFrom('__proto__', 'constructor', 'extra', 'id', 'role'),
      ),
    )
    .map(([value, pick, how, junkValue, extraKey]) => {
      const places = placesOf(value);
      const path = places[pick % places.length] ?? [];
      return spoilAt(value, path, how, junkValue, extraKey);
    });
}

/** The mix the fuzz sends for one part of a request: right, spoiled in one place, or junk outright. */
export function validAndInvalid(schema: ZodType | undefined, hints: FieldHints = {}): fc.Arbitrary<unknown> {
  if (!schema)
    return fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: anyJunk });
  const valid = arbitraryFor(schema, hints);
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    { weight: 4, arbitrary: spoiled(valid) },
    { weight: 1, arbitrary: anyJunk },
  );
}
