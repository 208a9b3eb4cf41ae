import type { FastifyInstance, FastifyReply } from 'fastify';
import { REQUEST_ID_HEADER } from './request-id';

// The reply of the request a logger belongs to, set on Fastify's per-request child logger.
const kReply = Symbol('reply of this request logger');

const WARN = 40;

/** The fields every error line of a request carries: method, route pattern and status. */
export function answerFields(
  request: FastifyReply['request'],
  statusCode: number,
): { method: string; route: string | null; statusCode: number } {
  return { method: request.method, route: request.routeOptions?.url ?? null, statusCode };
}

/**
 * First thing for every request: its id goes back on the answer (X-Request-Id), and its logger learns
 * its reply, so that a warning or error Fastify itself writes for the request (a broken stream, a
 * serializer failure) names the method, route and status too (errorLineFields).
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    // With the logger off, the request's logger is the app's own: nothing to learn there.
    if (request.log !== app.log) (request.log as unknown as Record<symbol, unknown>)[kReply] = reply;
    done();
  });
}

/**
 * Pino's mixin: lines at warn and above of a request's logger (or of a child of it) get method,
 * route and status; what the line says itself wins. Info and debug lines stay as they are.
 */
export function errorLineFields(_line: object, level: number, logger: unknown): Record<string, unknown> {
  if (level < WARN) return {};
  const reply = (logger as Record<symbol, FastifyReply | undefined>)[kReply];
  return reply ? answerFields(reply.request, reply.statusCode) : {};
}
