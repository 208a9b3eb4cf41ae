import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { type ZodType, z } from 'zod';

type Serialize = (data: unknown) => string;

/**
 * fast-json-stringify's function for a response schema: code generated once per route from the zod
 * schema's JSON Schema, writing only the properties the schema lists (a row never leaks a column by
 * accident). Null when the schema has no JSON Schema form (a transform, a date): zod serializes it.
 */
export function compileResponseSchema(schema: ZodType): Serialize | null {
  let json: Record<string, unknown>;
  try {
    json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  } catch {
    return null;
  }
  return fastJson(json as unknown as Parameters<typeof fastJson>[0]) as Serialize;
}

/** What a response would have been before decision 027: zod's parse, then JSON.stringify. */
const parseAndStringify =
  (schema: ZodType): Serialize =>
  (data) =>
    JSON.stringify(schema.parse(data));

/**
 * Response schemas are zod. In production they are compiled (zod's parse on every answer was a fifth
 * of a members page's server time, decision 027). With `checkResponses` (the test suites, `npm run
 * dev`, CHECK_RESPONSES=1) every answer is also parsed by zod, so a field of the wrong type still fails
 * the call, and the compiled text must equal zod's: the contract is enforced where it is tested, and
 * production writes exactly what the tests saw.
 */
export function createResponseSerializerCompiler(options: {
  checkResponses: boolean;
}): FastifySerializerCompiler<ZodType> {
  // Compiled on a route's first answer, not when it is added: generating the code of every route's
  // schemas would slow each start-up, and each app a test builds, for routes it may never call.
  return ({ schema }) => {
    let serialize: Serialize | undefined;
    return (data) => {
      serialize ??= serializerFor(schema, options.checkResponses);
      return serialize(data);
    };
  };
}

function serializerFor(schema: ZodType, checkResponses: boolean): Serialize {
  const compiled = compileResponseSchema(schema);
  if (!compiled) return parseAndStringify(schema);
  if (!checkResponses) return compiled;
  return (data) => {
    const expected = JSON.stringify(schema.parse(data));
    const text = compiled(data);
    if (text !== expected) {
      throw new Error(`compiled response serializer disagrees with its zod schema: ${text} vs ${expected}`);
    }
    return text;
  };
}
