import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeSandbox } from '../sandbox/stripe/stripe-sandbox';
import { createMetrics, GAUGE_READ_TIMEOUT_MS, type Metrics } from '../src/metrics/metrics';
import { type MetricsServer, serveMetrics } from '../src/metrics/metrics-server';
import { UNMATCHED_ROUTE } from '../src/metrics/request-metrics';
import { createTestDb, TEST_PUBLIC_URL, type TestDb } from './helper';
import { buildLoggedApp, type LoggedApp } from './logged-app';

// METRICS_PORT: Prometheus text on a port of its own, as main.ts starts it (port 0 here).

let testDb: TestDb;
let metrics: Metrics;
let logged: LoggedApp;
let metricsServer: MetricsServer;
let baseUrl = '';
let releaseHeld = () => {};

beforeAll(async () => {
  testDb = await createTestDb();
  metrics = createMetrics();
  logged = await buildLoggedApp(testDb.db, 'silent', { metrics });
  // A request the test holds open, to be seen in flight.
  logged.app.get('/api/test/held', async () => {
    await new Promise<void>((resolve) => {
      releaseHeld = resolve;
    });
    return { ok: true };
  });
  baseUrl = await logged.app.listen({ port: 0, host: '127.0.0.1' });
  metricsServer = await serveMetrics(metrics, '127.0.0.1', 0);
});
afterAll(async () => {
  await metricsServer?.close();
  await logged?.app.close();
  await testDb?.close();
});

const scrape = async () => {
  const response = await fetch(metricsServer.url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
};

/** The value of one sample line, e.g. `http_requests_in_flight` or `name{labels}`. */
const sample = (text: string, series: string): number | null => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
};

describe('metrics', () => {
  it('count requests by route pattern and status, never by raw URL', async () => {
    for (let i = 0; i < 3; i++) await fetch(`${baseUrl}/healthz`);
    await fetch(`${baseUrl}/api/v2/profile`);
    await fetch(`${baseUrl}/api/v1/redirects/some-key-${Date.now()}`);
    for (const path of ['/no/such/page-1', '/no/such/page-2', '/api/nope', '/wp-login.php'])
      await fetch(`${baseUrl}${path}`);
    const text = await scrape();
    const count = (route: string, status: number) =>
      sample(
        text,
        `http_request_duration_seconds_count{method="GET",route="${route}",status_code="${status}"}`,
      );
    expect(count('/healthz', 200)).toBe(3);
    expect(count('/api/v2/profile', 401)).toBe(1);
    expect(count('/api/v1/redirects/:id', 404)).toBe(1);
    // Unknown paths are one series per status, whatever the path (the console's 503 hint without a build).
    expect((count(UNMATCHED_ROUTE, 404) ?? 0) + (count(UNMATCHED_ROUTE, 503) ?? 0)).toBe(4);
    expect(text).not.toMatch(/page-1|wp-login|some-key/);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/healthz",status_code="200"\} \d/,
    );
  });

  it('show the requests in flight', async () => {
    expect(sample(await scrape(), 'http_requests_in_flight')).toBe(0);
    const held = fetch(`${baseUrl}/api/test/held`);
    await expect.poll(async () => sample(await scrape(), 'http_requests_in_flight')).toBe(1);
    releaseHeld();
    expect((await held).status).toBe(200);
    await expect.poll(async () => sample(await scrape(), 'http_requests_in_flight')).toBe(0);
    expect(
      sample(
        await scrape(),
        'http_request_duration_seconds_count{method="GET",route="/api/test/held",status_code="200"}',
      ),
    ).toBe(1);
  });

  it("include the process defaults, and the database pool's use only for a pool (Postgres)", async () => {
    const text = await scrape();
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(sample(text, name), name).not.toBeNull();
    if (testDb.db.kind === 'postgres') {
      // A transaction holds one connection of the pool while the metrics are read.
      const during = await testDb.db.transaction(async (tx) => {
        await tx.query('SELECT 1');
        return scrape();
      });
      const connections = sample(during, 'db_pool_connections') ?? 0;
      expect(connections).toBeGreaterThanOrEqual(1);
      expect(sample(during, 'db_pool_idle_connections')).toBe(connections - 1);
      expect(sample(during, 'db_pool_waiting_requests')).toBe(0);
    } else {
      expect(text).not.toContain('db_pool_');
    }
  });

  it('read gauges handed in at each scrape; one that fails or hangs shows NaN without holding the scrape', {
    timeout: 15_000,
  }, async () => {
    const own = createMetrics();
    let queued = 4;
    own.addGauge({ name: 'test_queue', help: 'a queue', read: async () => queued });
    own.addGauge({ name: 'test_broken', help: 'fails', read: () => Promise.reject(new Error('down')) });
    own.addGauge({ name: 'test_hung', help: 'hangs', read: () => new Promise<number>(() => {}) });
    const server = await serveMetrics(own, '127.0.0.1', 0);
    try {
      const started = Date.now();
      let text = await (await fetch(server.url)).text();
      expect(Date.now() - started).toBeLessThan(GAUGE_READ_TIMEOUT_MS + 2000);
      expect(sample(text, 'test_queue')).toBe(4);
      expect(sample(text, 'test_broken')).toBeNaN();
      expect(sample(text, 'test_hung')).toBeNaN();
      queued = 0;
      text = await (await fetch(server.url)).text();
      expect(sample(text, 'test_queue')).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('are served at /metrics on their own port only: anything else there is a 404, and the public port has none', async () => {
    const origin = new URL(metricsServer.url).origin;
    for (const path of ['/', '/metrics/x', '/healthz', '/api/v2/profile'])
      expect((await fetch(`${origin}${path}`)).status, path).toBe(404);
    expect((await fetch(metricsServer.url, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${metricsServer.url}?name[]=x`)).status).toBe(200);
    const publicMetrics = await fetch(`${baseUrl}/metrics`, { headers: { accept: 'text/plain' } });
    expect(publicMetrics.status).toBe(404);
    expect(await publicMetrics.text()).not.toContain('http_request_duration_seconds');
  });

  it("count the Stripe sandbox's webhook deliveries still to be made", async () => {
    const sandboxDb = await createTestDb({ migrated: true });
    try {
      const sandbox = createStripeSandbox({
        db: sandboxDb.db,
        publicUrl: () => TEST_PUBLIC_URL,
        webhookUrl: () => TEST_PUBLIC_URL,
      });
      await sandbox.migrate();
      const before = await sandbox.pendingWebhooks();
      // Due, backing off after a failure, delivered, and given up after the last attempt.
      await sandboxDb.db.query(
        `INSERT INTO stripe_sandbox_deliveries (event_id, attempts, next_attempt_at, delivered_at) VALUES
           ('evt_due', 0, now(), NULL), ('evt_backoff', 3, now() + interval '1 hour', NULL),
           ('evt_done', 1, now(), now()), ('evt_gave_up', 12, now(), NULL)`,
      );
      expect((await sandbox.pendingWebhooks()) - before).toBe(2);
    } finally {
      await sandboxDb.close();
    }
  });
});
