import { defaultErrorMessages, ErrorCode } from '@domain/error-codes';
import type { SwaggerTransform } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { ZodType, z } from 'zod';
import { operationOf } from './openapi-operations';

// @fastify/swagger reads each route's schema; ours are zod 4 (see zod-validation.ts), so this turns
// them into JSON Schema 2020-12 with zod's own z.toJSONSchema, and adds the error answers the route's
// pre-handlers can give, which no schema declares.

/**
 * Paths that are not the product's API: the stand-ins for outside services, the CLI's back door and
 * the probes for orchestrators (/healthz, /readyz; the README's operations notes describe them).
 */
export function isHiddenFromReference(url: string): boolean {
  return (
    url.startsWith('/v1/') ||
    url.startsWith('/sandbox/') ||
    url.startsWith('/api/internal/') ||
    url === '/healthz' ||
    url === '/readyz'
  );
}

type JsonSchema = Record<string, unknown>;

function toJsonSchema(schema: unknown, io: 'input' | 'output'): unknown {
  if (!(schema instanceof ZodType)) return schema;
  // Transforms, refinements and uploaded files cannot be said in JSON Schema: they become `{}` (any),
  // and the prose of docs/api.md says what they check.
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

const errorBody: JsonSchema = {
  type: 'object',
  properties: {
    errorCode: { type: 'integer' },
    errorMessage: { type: 'string' },
    errorData: {},
  },
  required: ['errorCode', 'errorMessage', 'errorData'],
};

/** The HTTP status each code of src/domain/error-codes.ts is sent with. */
const statusOf: Record<number, number> = {
  [ErrorCode.validation]: 400,
  [ErrorCode.tokenInvalid]: 401,
  [ErrorCode.teamNotFound]: 404,
  [ErrorCode.notTeamMember]: 403,
  [ErrorCode.invalidUserStatus]: 403,
  [ErrorCode.itemNotFound]: 404,
  [ErrorCode.permissionDenied]: 403,
  [ErrorCode.paymentFailed]: 402,
  [ErrorCode.paymentProviderUnavailable]: 503,
  [ErrorCode.tooManyRequests]: 429,
  [ErrorCode.publicFileExpired]: 410,
  [ErrorCode.publicFileDeleted]: 410,
  [ErrorCode.serviceUnavailable]: 503,
};

const hookNames = (hooks: unknown): string[] =>
  (Array.isArray(hooks) ? hooks : hooks ? [hooks] : []).map((hook) => (hook as { name?: string }).name ?? '');

/** Paths whose handler refuses on its own (not through a named pre-handler); matched by prefix. */
const handlerErrors: [prefix: string, codes: number[]][] = [
  // The path names only the team: the handler resolves the caller's membership itself.
  [
    '/api/v1/collab/teams/:teamId/leave',
    [
      ErrorCode.teamNotFound,
      ErrorCode.notTeamMember,
      ErrorCode.invalidUserStatus,
      ErrorCode.permissionDenied,
    ],
  ],
  ['/api/v1/collab/:teamUser/billing', [ErrorCode.paymentFailed, ErrorCode.paymentProviderUnavailable]],
  ['/api/v2/collab/:teamUser/billing', [ErrorCode.paymentFailed, ErrorCode.paymentProviderUnavailable]],
  ['/api/v1/billing/', [ErrorCode.paymentProviderUnavailable]],
  // Wrong codes, tokens and keys count against the client address (docs/decisions/008-abuse-limits.md).
  ['/api/v2/auth/code', [ErrorCode.tokenInvalid, ErrorCode.tooManyRequests]],
  ['/api/v1/auth/refresh', [ErrorCode.tokenInvalid, ErrorCode.tooManyRequests]],
  ['/api/v1/auth/web/', [ErrorCode.tooManyRequests]],
  ['/api/v1/auth/web/login/email/callback', [ErrorCode.itemNotFound, ErrorCode.tokenInvalid]],
  ['/api/v1/auth/web/oauth/callback', [ErrorCode.tokenInvalid]],
  ['/api/v1/teams/join/', [ErrorCode.itemNotFound, ErrorCode.tooManyRequests]],
  ['/api/v1/redirects/', [ErrorCode.itemNotFound, ErrorCode.tooManyRequests]],
  [
    '/api/v1/public-files/',
    [
      ErrorCode.itemNotFound,
      ErrorCode.publicFileExpired,
      ErrorCode.publicFileDeleted,
      ErrorCode.tooManyRequests,
    ],
  ],
  ['/api/v1/files', [ErrorCode.tooManyRequests]],
  ['/api/v1/avatars/', [ErrorCode.itemNotFound]],
  ['/api/v1/collab/:teamUser/billing/invoices/:invoiceFile', [ErrorCode.itemNotFound]],
  // A missing or wrong signature: 400, nothing done.
  ['/api/v1/webhooks/', [ErrorCode.validation]],
];

/**
 * The error codes a route can answer with, read from what it declares: a schema (10), authenticate
 * (1200), requireMembership (1502, 1600, 1850), requireTarget (2200), a permission check (1700), an
 * abuse limit (1800), plus the handler-level refusals listed above.
 */
export function errorCodesOf(
  route: Pick<RouteOptions, 'url' | 'schema' | 'onRequest' | 'preHandler' | 'config'>,
) {
  const codes = new Set<number>();
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  if (schema.params || schema.querystring || schema.body) codes.add(ErrorCode.validation);
  const hooks = [...hookNames(route.onRequest), ...hookNames(route.preHandler)];
  if (hooks.includes('authenticate')) codes.add(ErrorCode.tokenInvalid);
  if (hooks.includes('requireMembership')) {
    for (const code of [ErrorCode.teamNotFound, ErrorCode.notTeamMember, ErrorCode.invalidUserStatus])
      codes.add(code);
  }
  if (hooks.includes('requireTarget')) codes.add(ErrorCode.itemNotFound);
  if (
    hooks.some((name) => ['checkPermission', 'requireSelf', 'requireInviter', 'requireStaff'].includes(name))
  )
    codes.add(ErrorCode.permissionDenied);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) codes.add(ErrorCode.tooManyRequests);
  for (const [prefix, extra] of handlerErrors) {
    if (route.url.startsWith(prefix)) for (const code of extra) codes.add(code);
  }
  return [...codes].sort((a, b) => a - b);
}

/** `errorCode 1600 (You are not a member of this team)`, the form the reference page and its test read. */
export const describeErrorCode = (code: number) =>
  `errorCode ${code} (${defaultErrorMessages[code as keyof typeof defaultErrorMessages] ?? 'see docs/api.md'})`;

function errorResponses(codes: number[]): Record<string, JsonSchema> {
  const byStatus = new Map<number, number[]>();
  for (const code of codes) {
    const status = statusOf[code] ?? 400;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, JsonSchema> = {};
  for (const [status, list] of byStatus) {
    responses[status] = { ...errorBody, description: list.map(describeErrorCode).join('; ') };
  }
  return responses;
}

/** A short tag per resource, from the path. */
export function tagOf(url: string): string {
  if (url.includes('/billing-paddle')) return 'team billing (Paddle)';
  if (url.includes('/collab/') && url.includes('/billing')) return 'team billing';
  if (url.startsWith('/api/v1/billing/')) return 'personal billing';
  if (url.includes('/users')) return 'team users';
  if (url.includes('/collab/')) return 'teams';
  if (url.includes('/auth/')) return 'sign-in';
  if (url.includes('/events')) return 'events';
  if (url.startsWith('/api/docs') || url.startsWith('/api/openapi')) return 'reference';
  return 'general';
}

/** The name of the bearer scheme in `components.securitySchemes`. */
export const BEARER_SCHEME = 'bearerToken';

/**
 * An operation's security, read from the route itself so the two cannot drift: the bearer token
 * where the route authenticates, none (an explicit empty list) where it is open to anyone.
 */
export const securityOf = (route: Pick<RouteOptions, 'onRequest' | 'preHandler'>) =>
  [...hookNames(route.onRequest), ...hookNames(route.preHandler)].includes('authenticate')
    ? [{ [BEARER_SCHEME]: [] }]
    : [];

/**
 * @fastify/swagger's `transform`: zod to JSON Schema, error answers added, the operation's id,
 * summary and security, stand-ins hidden.
 */
export const openApiTransform: SwaggerTransform = ({ schema, url, route }) => {
  const source = (schema ?? {}) as Record<string, unknown>;
  const out: JsonSchema = { tags: [tagOf(url)] };
  if (isHiddenFromReference(url)) return { schema: { ...out, hide: true }, url };
  const method = [route.method].flat()[0] ?? 'GET';
  const names = operationOf(method, url);
  if (names) Object.assign(out, names);
  out.security = securityOf(route);
  for (const part of ['params', 'querystring', 'body', 'headers'] as const) {
    if (source[part]) out[part] = toJsonSchema(source[part], 'input');
  }
  // Uploads (the logo, avatars) are multipart: their `file` field is an uploaded file, not JSON.
  if ((out.body as { properties?: Record<string, unknown> } | undefined)?.properties?.file) {
    out.consumes = ['multipart/form-data'];
  }
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries((source.response ?? {}) as Record<string, unknown>)) {
    responses[status] = { description: 'Success', ...(toJsonSchema(response, 'output') as JsonSchema) };
  }
  if (Object.keys(responses).length === 0) responses.default = { description: 'Success' };
  Object.assign(responses, errorResponses(errorCodesOf({ ...route, url })));
  out.response = responses;
  if (source.description) out.description = source.description;
  return { schema: out, url };
};
