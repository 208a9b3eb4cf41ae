import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import { databaseErrorFields, isDatabaseUnavailable } from '../db/db-unavailable';
import { createLineBudget, type LineBudget } from '../log/line-budget';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the database is reachable, as the last calls and probes found it. */
    databaseOutage: DatabaseOutage;
    /** The allowance of per-request error lines (500s, 503s) that every server keeps to. */
    errorLines: LineBudget;
  }
}

/** What a 503 for an unreachable database tells the client to wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** While the database is down, it is tried this often, so that its return is noticed quickly. */
const PROBE_MS = 1_000;
/** While it stays down, the log says so again this often: one line per interval, not per call. */
const REPORT_MS = 30_000;
/** Per-request error lines per window; after them one line says how many more there were. */
const ERROR_LINES = 10;
const ERROR_LINES_WINDOW_MS = 10_000;

export interface DatabaseOutage {
  /** A call failed because the database cannot be reached: the first such failure starts an outage. */
  failed(error: unknown): void;
  isDown(): boolean;
  stop(): void;
}

export interface DatabaseOutageOptions {
  /** One cheap statement; resolving means the database answers again. */
  probe: () => Promise<unknown>;
  log: FastifyBaseLogger;
  probeMs?: number;
  reportMs?: number;
  now?: () => number;
}

/**
 * One outage, said once: a line when the first call fails, another every `reportMs` while it lasts,
 * and one when a probe finds the database back (with how long it was down and how many calls failed).
 */
export function createDatabaseOutage(options: DatabaseOutageOptions): DatabaseOutage {
  const { log, probe } = options;
  const probeMs = options.probeMs ?? PROBE_MS;
  const reportMs = options.reportMs ?? REPORT_MS;
  const now = options.now ?? (() => Date.now());
  let downSince: number | null = null;
  let reportedAt = 0;
  let failedCalls = 0;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void tryAgain(), probeMs);
    // An outage is no reason to keep a process alive that is otherwise done.
    timer.unref();
  };
  const tryAgain = async () => {
    timer = null;
    try {
      await probe();
    } catch (error) {
      if (stopped || downSince === null) return;
      if (now() - reportedAt >= reportMs) {
        reportedAt = now();
        log.error(
          { database: databaseErrorFields(error), downForMs: now() - downSince, failedCalls },
          'database still unavailable',
        );
      }
      schedule();
      return;
    }
    if (stopped || downSince === null) return;
    // At warn, like the outage's lines: a log kept to warnings still shows that the outage ended.
    log.warn({ downForMs: now() - downSince, failedCalls }, 'database available again');
    downSince = null;
    failedCalls = 0;
  };

  return {
    failed(error) {
      failedCalls += 1;
      if (downSince !== null || stopped) return;
      downSince = now();
      reportedAt = downSince;
      log.error(
        { database: databaseErrorFields(error), retryAfter: DATABASE_RETRY_AFTER_SECONDS },
        'database unavailable: API calls answer 503 until it is back',
      );
      schedule();
    },
    isDown: () => downSince !== null,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/** Decorates the app with its outage watch over `db` and its error-line allowance; both end with it. */
export function registerDatabaseOutage(app: FastifyInstance, db: Pick<Db, 'query'>): void {
  const outage = createDatabaseOutage({ probe: () => db.query('SELECT 1'), log: app.log });
  const errorLines = createLineBudget({
    lines: ERROR_LINES,
    windowMs: ERROR_LINES_WINDOW_MS,
    reportSuppressed: (count, windowMs) =>
      app.log.warn(
        { suppressed: count, windowMs },
        `${count} more error lines left out in ${windowMs / 1000} s (each answered as the ones above)`,
      ),
  });
  app.decorate('databaseOutage', outage);
  app.decorate('errorLines', errorLines);
  app.addHook('onClose', async () => {
    outage.stop();
    errorLines.stop();
  });
}

/**
 * A database failure a request survives (the abuse limits skip a hit they cannot count rather than
 * fail the call): it starts or counts towards an outage when the database cannot be reached, and its
 * line keeps to the app's allowance, without a stack for an outage.
 */
export function logSurvivedFailure(
  app: FastifyInstance,
  error: unknown,
  message: string,
  fields: Record<string, unknown> = {},
): void {
  const unavailable = isDatabaseUnavailable(error);
  if (unavailable) app.databaseOutage.failed(error);
  if (!app.errorLines.take()) return;
  app.log.error(
    { ...fields, ...(unavailable ? { database: databaseErrorFields(error) } : { err: error }) },
    message,
  );
}
