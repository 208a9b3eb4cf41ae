import { setTimeout as sleep } from 'node:timers/promises';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** A value read at each scrape: the database pool, a stand-in's queue. */
export interface GaugeSource {
  name: string;
  help: string;
  read: () => number | Promise<number>;
}

export interface Metrics {
  readonly registry: Registry;
  /** Seconds from request to answer, by method, route pattern and status. */
  readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly requestsInFlight: Gauge;
  addGauge(source: GaugeSource): void;
}

/** A gauge whose reading takes longer (a database that hangs) shows NaN rather than holding the scrape. */
export const GAUGE_READ_TIMEOUT_MS = 2000;

async function readWithin(source: GaugeSource): Promise<number> {
  try {
    const value = await Promise.race([
      source.read(),
      sleep(GAUGE_READ_TIMEOUT_MS, Number.NaN, { ref: false }),
    ]);
    return value;
  } catch {
    return Number.NaN;
  }
}

/**
 * The server's Prometheus metrics in a registry of their own (not prom-client's global one, so tests
 * can build many apps), with the process defaults (CPU, memory, event loop lag, GC, handles).
 */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to answer, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const requestsInFlight = new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requests received and not yet answered',
    registers: [registry],
  });
  return {
    registry,
    requestDuration,
    requestsInFlight,
    addGauge(source) {
      new Gauge({
        name: source.name,
        help: source.help,
        registers: [registry],
        async collect() {
          this.set(await readWithin(source));
        },
      });
    },
  };
}
