import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../src/db/db';
import { type Ctx, lockSandbox, type PaddleSandboxConfig } from './context';
import { authenticationMalformed, authenticationMissing, badRequest, PaddleError } from './errors';
import { newRequestId } from './ids';
import type { Pagination } from './pagination';

/** What a handler answers: the entity (or list), with pagination for lists. */
export interface RouteAnswer {
  data: unknown;
  pagination?: Pagination;
  status?: number;
}

export interface RouteInput {
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  /** The request's own URL, as the client reached it: lists build `next` from it. */
  url: URL;
}

export interface RouteDef {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Below the API's base: '/products/:product_id'. */
  path: string;
  handler(ctx: Ctx, input: RouteInput): Promise<RouteAnswer>;
}

/** Runs one unit of work in a transaction holding the sandbox lock; calls after() once committed. */
export function createRunner(db: Db, config: PaddleSandboxConfig, after: () => void) {
  return async function unit<T>(requestId: string, work: (ctx: Ctx) => Promise<T>): Promise<T> {
    const result = await db.transaction(async (tx) => {
      await lockSandbox(tx);
      return work({ tx, config, requestId, notes: [] });
    });
    after();
    return result;
  };
}

export type Runner = ReturnType<typeof createRunner>;

/** `Authorization: Bearer <key>`, in any case of "bearer", as the SDK writes it in lower case. */
export function checkApiKey(request: FastifyRequest, config: PaddleSandboxConfig): void {
  const header = request.headers.authorization;
  if (!header) throw authenticationMissing();
  const match = /^bearer\s+(\S+)$/i.exec(header.trim());
  if (!match) throw authenticationMalformed();
  if (match[1] !== config.apiKey)
    throw new PaddleError(403, 'forbidden', 'You aren\u2019t permitted to perform this request.');
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw badRequest('The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

export function requestUrl(request: FastifyRequest, publicUrl: string): URL {
  return new URL(request.url, publicUrl);
}

export function mountRoute(
  app: FastifyInstance,
  route: RouteDef,
  unit: Runner,
  config: PaddleSandboxConfig,
): void {
  app.route({
    method: route.method,
    url: route.path,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const requestId = reply.getHeader('x-request-id') as string;
      checkApiKey(request, config);
      const url = requestUrl(request, config.publicUrl());
      const input: RouteInput = {
        params: request.params as Record<string, string>,
        query: url.searchParams,
        body: bodyOf(request),
        url,
      };
      const answer = await unit(requestId, (ctx) => route.handler(ctx, input));
      const meta = answer.pagination
        ? { request_id: requestId, pagination: answer.pagination }
        : { request_id: requestId };
      return reply.code(answer.status ?? 200).send({ data: answer.data, meta });
    },
  });
}

export { newRequestId };
