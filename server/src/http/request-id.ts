import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a request id comes in on (from a proxy or a client) and goes back out on. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The key of the request id on every log line of a request. */
export const REQUEST_ID_LOG_LABEL = 'requestId';

// A short token: enough for the UUIDs and hex ids proxies and tracing tools send, too little to carry
// spaces, quotes, control characters or a forged second log line.
const WELL_FORMED = /^[A-Za-z0-9._-]{1,128}$/;

export function isWellFormedRequestId(value: unknown): value is string {
  return typeof value === 'string' && WELL_FORMED.test(value);
}

/**
 * Fastify's genReqId: a well-formed incoming X-Request-Id is kept, so one id follows a call through a
 * proxy and every server behind it; anything else is replaced by a random UUID, which, unlike
 * Fastify's per-process counter, does not repeat from one server or restart to the next.
 */
export function requestIdFor(raw: IncomingMessage): string {
  const incoming = raw.headers[REQUEST_ID_HEADER];
  return isWellFormedRequestId(incoming) ? incoming : randomUUID();
}
