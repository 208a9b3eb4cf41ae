import type { FieldError } from '@domain/error-codes';
import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import type { ZodType, z } from 'zod';
import { ValidationError } from '../errors';

/** Lets route handlers see the parsed types of the zod schemas they declare. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends ZodType ? z.input<this['schema']> : unknown;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function fieldName(root: string, path: readonly PropertyKey[]): string {
  return path.length === 0 ? root : path.map(String).join('.');
}

/** Turns zod issues into the spec's field list: dotted path plus a short human message. */
export function toFieldErrors(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  root = 'body',
): FieldError[] {
  const fields: FieldError[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        fields.push({ field: fieldName(root, [...issue.path, key]), message: 'is not allowed' });
      continue;
    }
    fields.push({ field: fieldName(root, issue.path), message: messageFor(issue, input) });
  }
  return fields;
}

function messageFor(issue: z.core.$ZodIssue, input: unknown): string {
  switch (issue.code) {
    case 'invalid_type': {
      const value = valueAt(input, issue.path);
      // A request without a body reaches validation as null.
      const missing = value === undefined || (value === null && issue.path.length === 0);
      return missing ? 'is required' : 'is invalid';
    }
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array') {
        if (Number(issue.minimum) <= 1) return 'must not be empty';
        return issue.origin === 'string'
          ? `must be at least ${issue.minimum} characters`
          : `must have at least ${issue.minimum} items`;
      }
      return `must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return 'is too long';
      if (issue.origin === 'array') return 'has too many items';
      return `must be at most ${issue.maximum}`;
    case 'custom':
      // Routes raise custom issues with messages already written for people.
      return issue.message;
    default:
      return 'is invalid';
  }
}

// NUL, and a UTF-16 surrogate without its pair: Postgres text and jsonb cannot hold them (the query
// fails, or the driver silently stores U+FFFD instead), so no such string gets past validation.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const isUnstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

interface Place {
  value: unknown;
  key: PropertyKey | null;
  parent: Place | null;
}

function pathOf(place: Place): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at: Place | null = place; at?.key != null; at = at.parent) path.unshift(at.key);
  return path;
}

/** The places in a request part (any depth; uploaded files are Buffers, not text) holding such a string. */
export function unstorableTextFields(data: unknown, root: string): FieldError[] {
  const fields: FieldError[] = [];
  const report = (place: Place) =>
    fields.push({ field: fieldName(root, pathOf(place)), message: 'is invalid' });
  // An explicit stack of places that point at their parent: a body may nest thousands of levels deep,
  // and a path is only built for a place that is reported.
  const stack: Place[] = [{ value: data, key: null, parent: null }];
  for (let place = stack.pop(); place !== undefined; place = stack.pop()) {
    const { value } = place;
    if (typeof value === 'string') {
      if (isUnstorable(value)) report(place);
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, child] of Object.entries(value).reverse()) {
        const childPlace = { value: child, key, parent: place };
        if (isUnstorable(key)) report(childPlace);
        else stack.push(childPlace);
      }
    }
  }
  return fields;
}

/**
 * Routes declare `schema: { body, params, querystring }` as zod schemas; this validates them, and
 * refuses text the database could not store wherever it stands.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> = ({ schema, httpPart }) => {
  const root = httpPart === 'querystring' ? 'query' : (httpPart ?? 'body');
  return (data: unknown) => {
    const result = schema.safeParse(data);
    const fields = result.success ? [] : toFieldErrors(result.error.issues, data, root);
    const reported = new Set(fields.map((f) => f.field));
    fields.push(...unstorableTextFields(data, root).filter((f) => !reported.has(f.field)));
    if (fields.length > 0) return { error: new ValidationError(fields) };
    return { value: (result as { data: unknown }).data };
  };
};
