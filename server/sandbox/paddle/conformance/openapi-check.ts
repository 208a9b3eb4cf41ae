import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

// Paddle's OpenAPI description (3.1, so JSON Schema 2020-12), read once per test file.
const specPath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'openapi.yaml');

type Schema = Record<string, unknown>;

type Response = { content?: Record<string, { schema: Schema }> };

interface Spec {
  paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, Response> };
}

/** One difference: where in the body, and what. */
export interface Difference {
  operation: string;
  where: string;
  what: string;
}

/** Every `$ref: '#/…'` of the spec pointed into the one schema the validator holds as `paddle`. */
function rebase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebase);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] =
      key === '$ref' && typeof inner === 'string' && inner.startsWith('#/')
        ? `paddle${inner}`
        : rebase(inner);
  }
  return out;
}

export function loadSpec() {
  const spec = parse(readFileSync(specPath, 'utf8')) as Spec;
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false, validateSchema: false });
  // ajv-formats is CommonJS: its default export arrives wrapped under ESM.
  const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
    a: Ajv2020,
  ) => void;
  addFormats(ajv);
  ajv.addSchema({ $id: 'paddle', components: rebase(spec.components) }, undefined, undefined, false);

  function responseSchema(method: string, template: string, status: number): Schema | null {
    const responses = spec.paths[template]?.[method.toLowerCase()]?.responses;
    // Errors are described once, as the `default` answer.
    let response = responses?.[String(status)] ?? (status >= 400 ? responses?.default : undefined);
    const ref = (response as { $ref?: string } | undefined)?.$ref;
    if (ref) response = spec.components.responses[ref.replace('#/components/responses/', '')];
    return (response?.content?.['application/json']?.schema as Schema | undefined) ?? null;
  }

  function resolve(schema: Schema): Schema {
    let current = schema;
    for (let hops = 0; typeof current.$ref === 'string' && hops < 20; hops++) {
      const name = (current.$ref as string).replace(/^#\/components\/schemas\//, '');
      current = spec.components.schemas[name] ?? {};
    }
    return current;
  }

  /** The keys a schema names, through refs and every branch of allOf, oneOf and anyOf. */
  function knownKeys(schema: Schema, seen = new Set<Schema>()): Set<string> | null {
    const s = resolve(schema);
    if (seen.has(s)) return new Set();
    seen.add(s);
    let keys: Set<string> | null = s.properties ? new Set(Object.keys(s.properties as object)) : null;
    for (const branch of [
      ...((s.allOf as Schema[]) ?? []),
      ...((s.oneOf as Schema[]) ?? []),
      ...((s.anyOf as Schema[]) ?? []),
    ]) {
      const inner = knownKeys(branch, seen);
      if (inner) keys = new Set([...(keys ?? []), ...inner]);
    }
    return keys;
  }

  /** The keys a schema itself names, through refs and allOf (not the branches of a choice). */
  function ownKeys(schema: Schema): string[] {
    const s = resolve(schema);
    const keys = Object.keys((s.properties as object | undefined) ?? {});
    for (const part of (s.allOf as Schema[]) ?? []) keys.push(...ownKeys(part));
    return keys;
  }

  function childSchemas(schema: Schema, key: string): Schema[] {
    const s = resolve(schema);
    const found: Schema[] = [];
    const property = (s.properties as Record<string, Schema> | undefined)?.[key];
    if (property) found.push(property);
    for (const branch of [
      ...((s.allOf as Schema[]) ?? []),
      ...((s.oneOf as Schema[]) ?? []),
      ...((s.anyOf as Schema[]) ?? []),
    ])
      found.push(...childSchemas(branch, key));
    return found;
  }

  function itemSchemas(schema: Schema): Schema[] {
    const s = resolve(schema);
    const found: Schema[] = s.items ? [s.items as Schema] : [];
    for (const branch of [
      ...((s.allOf as Schema[]) ?? []),
      ...((s.oneOf as Schema[]) ?? []),
      ...((s.anyOf as Schema[]) ?? []),
    ])
      found.push(...itemSchemas(branch));
    return found;
  }

  /** Keys in the body that no schema on its path names (the validator lets unknown keys through). */
  function extraKeys(body: unknown, schemas: Schema[], where: string, out: string[]): void {
    if (Array.isArray(body)) {
      const items = schemas.flatMap(itemSchemas);
      body.forEach((item, index) => {
        extraKeys(item, items, `${where}[${index}]`, out);
      });
      return;
    }
    if (body === null || typeof body !== 'object' || schemas.length === 0) return;
    const known = schemas.map((schema) => knownKeys(schema)).filter((keys) => keys !== null);
    if (known.length === 0) return; // free-form (custom_data): anything goes
    const union = new Set(known.flatMap((keys) => [...keys]));
    // With one schema (no oneOf choice in play) every key it names is due: Paddle answers null, never omits.
    const [only] = schemas;
    if (schemas.length === 1 && only) {
      for (const key of ownKeys(only)) if (!(key in body)) out.push(`${where}.${key} (missing)`);
    }
    for (const [key, value] of Object.entries(body)) {
      if (!union.has(key)) out.push(`${where}.${key}`);
      else
        extraKeys(
          value,
          schemas.flatMap((schema) => childSchemas(schema, key)),
          `${where}.${key}`,
          out,
        );
    }
  }

  /** Differences of one answer from the spec's response schema for its operation and status. */
  function check(method: string, template: string, status: number, body: unknown): Difference[] {
    const operation = `${method} ${template} ${status}`;
    const schema = responseSchema(method, template, status);
    if (!schema) return [{ operation, where: '', what: 'no such operation and status in the spec' }];
    const validate = ajv.compile(rebase(schema) as Schema);
    const differences: Difference[] = [];
    if (!validate(body)) {
      for (const error of validate.errors ?? []) {
        // oneOf failures repeat each branch's complaint; the summary line says enough.
        if (error.keyword === 'type' && error.schemaPath.includes('oneOf')) continue;
        differences.push({
          operation,
          where: error.instancePath,
          what: `${error.keyword}: ${error.message}`,
        });
      }
    }
    const extra: string[] = [];
    extraKeys(body, [schema], '', extra);
    for (const where of extra) {
      const missing = where.endsWith(' (missing)');
      differences.push({
        operation,
        where: missing ? where.slice(0, -' (missing)'.length) : where,
        what: missing ? 'a key the spec names, absent' : 'a key the spec does not name',
      });
    }
    return differences;
  }

  return { check, responseSchema };
}
