import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../src/db/db';
import { type Ctx, lockSandbox, type SandboxConfig } from './context';
import { invalidRequest, maskKey, StripeError } from './errors';
import { expandResponse } from './expand';
import { type FormObject, parseStripeQuery } from './form-body';
import { fingerprint, remember, replayed, type StoredResponse } from './idempotency';
import { randomToken } from './ids';
import { strings } from './params';

export type Auth = 'secret' | 'publishable' | 'either';

export interface ApiRequest {
  params: FormObject;
  path: Record<string, string>;
  /** Which key the caller used: publishable calls may only touch what their client secret opens. */
  key: 'secret' | 'publishable';
  url: string;
}

export type Handler = (ctx: Ctx, request: ApiRequest) => Promise<unknown>;

export interface RouteDef {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  auth: Auth;
  handler: Handler;
  /** Top-level parameters the call accepts (expand always): others are 400 'unknown parameter'. */
  accepts?: string[];
  /** Answer as returned: no expand[] and no removal of includable fields (sandbox-only reads). */
  raw?: boolean;
}

export interface Runner {
  /** Runs fn in one locked transaction; after commit, the webhook pump is nudged. */
  unit<T>(request: Ctx['request'], fn: (ctx: Ctx) => Promise<T>): Promise<T>;
}

export function createRunner(db: Db, config: SandboxConfig, afterCommit: (ctx: Ctx) => void): Runner {
  return {
    async unit(request, fn) {
      const ctx: Omit<Ctx, 'tx'> = { config, request, notes: [] };
      const result = await db.transaction(async (tx) => {
        await lockSandbox(tx);
        return fn(Object.assign(ctx, { tx }));
      });
      afterCommit(ctx as Ctx);
      return result;
    },
  };
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  if (match) return match[1]?.trim() ?? null;
  const basic = /^Basic\s+(.+)$/i.exec(header);
  if (basic)
    return (
      Buffer.from(basic[1] ?? '', 'base64')
        .toString('utf8')
        .split(':')[0] ?? null
    );
  return null;
}

function authenticate(route: RouteDef, request: FastifyRequest, params: FormObject, config: SandboxConfig) {
  const key = bearer(request) ?? (typeof params.key === 'string' ? params.key : null);
  if (!key) {
    throw new StripeError(401, {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    });
  }
  if (key === config.secretKey && route.auth !== 'publishable') return 'secret' as const;
  if (key === config.publishableKey && route.auth !== 'secret') return 'publishable' as const;
  if (key === config.publishableKey) {
    throw new StripeError(401, {
      type: 'invalid_request_error',
      message: 'This API call cannot be made with a publishable API key. Please use a secret API key.',
    });
  }
  if (key === config.secretKey) {
    // A secret key may do anything a publishable one may: the SDK on the server confirms intents too.
    return 'secret' as const;
  }
  throw new StripeError(401, {
    type: 'invalid_request_error',
    message: `Invalid API Key provided: ${maskKey(key)}`,
  });
}

function checkAccepted(route: RouteDef, params: FormObject): void {
  if (!route.accepts) return;
  for (const key of Object.keys(params)) {
    if (key === 'expand' || key === 'key' || route.accepts.includes(key)) continue;
    throw invalidRequest(`Received unknown parameter: ${key}`, key, 'parameter_unknown');
  }
}

/**
 * Stripe's date-style versions (`2026-10-28.endive`, `2024-06-20`), with beta flags if any
 * (`; checkout_server_update_beta=v1`); anything else is refused.
 */
const API_VERSION_SHAPE = /^\d{4}-\d{2}-\d{2}(\.[a-z]+)?(; ?[a-z0-9_]+=v\d+)*$/;

/** An invalid `Stripe-Version` header is a 400, as on Stripe; a valid one is accepted. */
export function checkApiVersion(request: FastifyRequest): void {
  const version = request.headers['stripe-version'];
  if (version === undefined) return;
  const value = Array.isArray(version) ? version.join(',') : version;
  const date = value.slice(0, 10);
  if (!API_VERSION_SHAPE.test(value) || Number.isNaN(Date.parse(date)) || date < '2011-01-01')
    throw invalidRequest(`Invalid Stripe API version: ${value}`);
}

/** Every answer names its request, as Stripe's do (`Request-Id: req_…`). */
export function newRequestId(): string {
  return `req_${randomToken(14)}`;
}

/** Registers one Stripe route: auth, parameters, one locked transaction, idempotency, expansion. */
export function mountRoute(
  app: FastifyInstance,
  route: RouteDef,
  runner: Runner,
  config: SandboxConfig,
): void {
  app.route({
    method: route.method,
    url: route.path,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const requestId = newRequestId();
      reply.header('request-id', requestId);
      reply.header('stripe-version', config.apiVersion);
      checkApiVersion(request);
      const query = parseStripeQuery(request.url);
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as FormObject;
      const params: FormObject = route.method === 'POST' ? { ...query, ...body } : query;
      const key = authenticate(route, request, params, config);
      delete params.key;
      checkAccepted(route, params);
      const expand = strings(params, 'expand') ?? [];
      const idempotencyKey =
        route.method === 'POST' ? (request.headers['idempotency-key'] as string | undefined) : undefined;
      const print = idempotencyKey ? fingerprint(route.method, request.url.split('?')[0] ?? '', params) : '';
      const apiRequest: ApiRequest = {
        params,
        path: request.params as Record<string, string>,
        key,
        url: request.url.split('?')[0] ?? '',
      };
      const requestInfo = { id: requestId, idempotency_key: idempotencyKey ?? null };
      let answer: StoredResponse | { replay: StoredResponse };
      try {
        answer = await runner.unit(requestInfo, async (ctx) => {
          if (idempotencyKey) {
            const stored = await replayed(ctx.tx, idempotencyKey, print);
            if (stored) return { replay: stored };
          }
          let response: StoredResponse;
          try {
            const result = await route.handler(ctx, apiRequest);
            response = {
              status: 200,
              body: route.raw ? result : await expandResponse(ctx, result, expand),
              requestId,
            };
          } catch (error) {
            if (!(error instanceof StripeError) || !error.commit) throw error;
            response = {
              status: error.status,
              body: { error: error.body },
              requestId,
            };
          }
          if (idempotencyKey) await remember(ctx.tx, idempotencyKey, print, response);
          return response;
        });
      } catch (error) {
        // Rolled back. A declined payment is still remembered under its key, as Stripe does.
        if (idempotencyKey && error instanceof StripeError && error.status === 402) {
          const response = { status: error.status, body: { error: error.body }, requestId };
          await runner.unit(requestInfo, (ctx) => remember(ctx.tx, idempotencyKey, print, response));
        }
        throw error;
      }
      if ('replay' in answer) {
        reply.header('idempotent-replayed', 'true');
        answer = answer.replay;
      }
      if (idempotencyKey) {
        reply.header('idempotency-key', idempotencyKey);
        // Stripe names the request whose answer this is: this one, or the first with the key.
        reply.header('original-request', answer.requestId ?? requestId);
      }
      return reply.code(answer.status).send(answer.body);
    },
  });
}
