import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider } from 'fastify';
import type { ZodType, z } from 'zod';
import type { FieldError } from '../../../src/domain/error-codes';
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

/** Routes declare `schema: { body, params, querystring }` as zod schemas; this validates them. */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> = ({ schema, httpPart }) => {
  const root = httpPart === 'querystring' ? 'query' : (httpPart ?? 'body');
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new ValidationError(toFieldErrors(result.error.issues, data, root)) };
  };
};

/**
 * Response schemas are zod too: parsing strips fields the schema does not list, so a row never leaks
 * a column by accident (the job fast-json-stringify would do with JSON Schema).
 */
export const zodSerializerCompiler: FastifySerializerCompiler<ZodType> = ({ schema }) => {
  return (data: unknown) => JSON.stringify(schema.parse(data));
};
