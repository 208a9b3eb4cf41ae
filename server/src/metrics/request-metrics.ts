import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import type { Metrics } from './metrics';

/** The route label of a request no route matched: one label for every unknown path. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Times every request by its route pattern (`/api/v1/collab/:teamUser/users`, never the raw URL, so
 * the labels stay few), counts those in flight, and reports the database pool. The raw response's
 * 'close' ends the count: it comes for a finished answer and for a client gone midway alike.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics, db: Db): void {
  app.addHook('onRequest', (request, reply, done) => {
    metrics.requestsInFlight.inc();
    const end = metrics.requestDuration.startTimer();
    reply.raw.once('close', () => {
      metrics.requestsInFlight.dec();
      end({
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: String(reply.raw.statusCode),
      });
    });
    done();
  });
  const pool = db.poolStats?.bind(db);
  if (!pool) return;
  metrics.addGauge({
    name: 'db_pool_connections',
    help: 'Connections the Postgres pool holds (busy and idle)',
    read: () => pool().total,
  });
  metrics.addGauge({
    name: 'db_pool_idle_connections',
    help: 'Connections in the Postgres pool waiting for a query',
    read: () => pool().idle,
  });
  metrics.addGauge({
    name: 'db_pool_waiting_requests',
    help: 'Queries waiting for a connection of the Postgres pool',
    read: () => pool().waiting,
  });
}
