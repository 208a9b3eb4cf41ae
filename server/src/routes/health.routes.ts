import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/db';
import type { ZodTypeProvider } from '../http/zod-validation';

/** How long /readyz waits for `SELECT 1` before it calls the database unavailable. */
export const READINESS_TIMEOUT_MS = 2000;
/**
 * Probe queries left unanswered (a database that hangs) at most: past that /readyz answers 503 at
 * once instead of queueing yet another query behind them in the pool.
 */
export const MAX_UNANSWERED_PROBES = 3;

const status = z.object({ status: z.enum(['ok', 'starting', 'stopping', 'database unavailable']) });

/**
 * Whether the database answers `SELECT 1` within the timeout. Probes that come together (several
 * balancers) share one query; a query older than the timeout is taken for hung, and the next probe
 * sends another. Only a change is logged (one line when the database stops answering, one when it
 * answers again), never each probe.
 */
function createDatabaseCheck(db: Db, log: FastifyBaseLogger) {
  let current: { answered: Promise<boolean>; sentAt: number } | null = null;
  let unanswered = 0;
  let lastOk = true;
  const send = (): Promise<boolean> => {
    unanswered++;
    const answered: Promise<boolean> = db
      .query('SELECT 1')
      .then(
        () => true,
        () => false,
      )
      .finally(() => {
        unanswered--;
        if (current?.answered === answered) current = null;
      });
    current = { answered, sentAt: Date.now() };
    return answered;
  };
  return async (): Promise<boolean> => {
    const fresh = current && Date.now() - current.sentAt < READINESS_TIMEOUT_MS ? current.answered : null;
    const answered = fresh ?? (unanswered < MAX_UNANSWERED_PROBES ? send() : null);
    const ok =
      answered !== null &&
      (await Promise.race([answered, sleep(READINESS_TIMEOUT_MS, false, { ref: false })]));
    if (ok !== lastOk) {
      if (ok) log.info('ready: the database answers again');
      else log.warn(`not ready: the database did not answer SELECT 1 within ${READINESS_TIMEOUT_MS} ms`);
      lastOk = ok;
    }
    return ok;
  };
}

/**
 * Probes for orchestrators and load balancers, outside /api: no auth, no rate limit, no log line per
 * probe (even at LOG_LEVEL=debug), no internals in the body. /healthz (liveness) answers 200 while
 * the process serves and never touches the database, so a database outage restarts nothing.
 * /readyz (readiness) answers 200 when the database answers, and 503 while the server is still
 * starting (http/starting.ts) and from the moment it begins to stop (shutdown.ts), so the balancer
 * sends new work elsewhere.
 */
export const healthRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const databaseAnswers = createDatabaseCheck(app.db, app.log);
  const probe = { logLevel: 'silent', schema: { response: { 200: status, 503: status } } } as const;

  app.get('/healthz', probe, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });

  app.get('/readyz', probe, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (app.draining.started) return reply.status(503).send({ status: 'stopping' as const });
    if (app.starting.pending) return reply.status(503).send({ status: 'starting' as const });
    if (!(await databaseAnswers()))
      return reply.status(503).send({ status: 'database unavailable' as const });
    // Stopping may have begun while the database answered.
    if (app.draining.started) return reply.status(503).send({ status: 'stopping' as const });
    return { status: 'ok' as const };
  });
};
