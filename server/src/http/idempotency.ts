import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/db';
import { createIdempotencyRepository } from '../db/repositories/idempotency.repository';

// Retried writes (docs/decisions/011-retried-writes.md). The console retries every call
// 5 x 2 s on a network failure or a 5xx (spec section 8), POSTs included. When the connection drops
// after the server applied a write, the retry would apply it again (a second checkout session, an
// invite answered 'already invited' instead of the new members). The console therefore sends one
// `Idempotency-Key` per call, the same over its retries; a signed-in write that comes again with the
// key answers what the first try answered, without running again.

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** A retry comes within seconds (5 x 2 s); kept longer so a slow client or a restart is covered. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** A first try still running (or killed with its process) after this long may be run again. */
export const IDEMPOTENCY_STALE_SECONDS = 60;
/** How long a retry waits for a first try that is still running before answering 503 (ky retries). */
const WAIT_FOR_FIRST_TRY_MS = 5_000;
const POLL_MS = 100;
/** Rows past their time are swept every this many new keys. */
const SWEEP_EVERY = 200;

const KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency row this request owns (it runs the write and records the answer). */
    idempotencyScope: string | null;
  }
}

/** A valid key of the request, or null: malformed keys are ignored, never refused. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_HEADER];
  return typeof value === 'string' && KEY_PATTERN.test(value) ? value : null;
}

/** Same key for a different call (another path or body) must not replay: it is run as new. */
function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

function isReplayable(request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return false;
  // Uploads are streamed; their bodies are not fingerprinted (an upload is replaced, not added).
  if (request.isMultipart()) return false;
  return request.accountId > 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function registerIdempotency(app: FastifyInstance, db: Db): void {
  const repo = createIdempotencyRepository(db);
  let started = 0;
  app.decorateRequest('idempotencyScope', null);

  // preHandler: after the route's authenticate (onRequest) has named the caller, before the route's
  // own checks and handler. Keys are per account, so one caller can never replay another's answer.
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const key = idempotencyKeyOf(request);
    if (!key || !isReplayable(request)) return;
    const scope = `${request.accountId}:${key}`;
    const fingerprint = fingerprintOf(request);
    const deadline = Date.now() + WAIT_FOR_FIRST_TRY_MS;
    for (;;) {
      if (await repo.claim(scope, fingerprint, IDEMPOTENCY_STALE_SECONDS)) {
        request.idempotencyScope = scope;
        if (++started % SWEEP_EVERY === 0) await repo.sweep(IDEMPOTENCY_TTL_SECONDS);
        return;
      }
      const row = await repo.find(scope);
      if (!row) continue; // the first try failed and let go of the key in between: claim it
      if (row.fingerprint !== fingerprint) return;
      if (row.statusCode !== null) {
        void reply
          .status(row.statusCode)
          .header('content-type', row.contentType ?? 'application/json; charset=utf-8')
          .header('idempotent-replayed', 'true')
          .send(row.body ?? '');
        return reply;
      }
      if (Date.now() > deadline) {
        // Still running: a 5xx says 'not done', so the console tries again 2 s later.
        void reply.status(503).send({
          errorCode: 1,
          errorMessage: 'The same request is still in progress',
          errorData: null,
        });
        return reply;
      }
      await sleep(POLL_MS);
    }
  });

  // The answer of the try that ran: a success is kept for the retries; anything else lets go of the
  // key, so a retry runs again (a refused or failed call changed nothing).
  app.addHook('onSend', (request, reply, payload, done) => {
    const scope = request.idempotencyScope;
    // A callback hook: the answers of calls without a key (most) cost no promise.
    if (!scope) return done(null, payload);
    request.idempotencyScope = null;
    keepOrRelease(scope, reply, payload).then(() => done(null, payload), done);
  });

  async function keepOrRelease(scope: string, reply: FastifyReply, payload: unknown): Promise<void> {
    const ok = reply.statusCode >= 200 && reply.statusCode < 300;
    if (ok && (typeof payload === 'string' || payload === null || payload === undefined)) {
      const contentType = reply.getHeader('content-type');
      await repo.complete(
        scope,
        reply.statusCode,
        typeof contentType === 'string' ? contentType : null,
        payload ?? '',
      );
    } else {
      await repo.release(scope);
    }
  }
}
