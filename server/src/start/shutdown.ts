import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * The end of the deadline kept for the last steps (the database, the data folder) after what is
 * still running has been cut; half the deadline when that is shorter.
 */
const FINAL_STEPS_MS = 1000;
/**
 * While draining, idle connections are closed this often (by the rule of http/idle-connections.ts):
 * a stream that began before the stop left its headers without `Connection: close`
 * (http/draining.ts), and Node's own close shuts only the connections idle at that moment.
 */
const IDLE_SWEEP_MS = 200;

export interface ShutdownPlan {
  app: FastifyInstance;
  /** SHUTDOWN_TIMEOUT_SECONDS in ms: from the signal to exit at most. */
  timeoutMs: number;
  /** SHUTDOWN_DELAY_SECONDS in ms: not ready, but still accepting connections, before the drain. */
  delayMs?: number;
  /** Timers and background work (cleanups, the mail sweeper, the sandbox): stopped while requests drain. */
  stopBackground(): Promise<void>;
  /** Once no request is left, or the deadline cut them: the metrics port, the database, the data folder. */
  release(): Promise<void>;
  /** process.exit unless a test passes its own. */
  exit?: (code: number) => void;
}

/**
 * A bounded stop: /readyz answers 503 at once; after the optional delay, no new connection is
 * accepted, every answer closes its connection, and the requests in flight finish; idle keep-alive
 * connections are closed as they become idle, a proxy's pooled ones only after a few seconds left for
 * the proxy to close them (http/idle-connections.ts). Whatever still runs shortly before the deadline
 * is cut (its connections destroyed), then the database closes and the process exits 0. Only if a
 * last step itself hangs does the deadline end the process, with 1.
 */
export async function shutDown(plan: ShutdownPlan, signal: string): Promise<void> {
  const { app, timeoutMs } = plan;
  const exit = plan.exit ?? ((code: number) => process.exit(code));
  app.log.info({ signal, timeoutSeconds: timeoutMs / 1000 }, 'shutting down');
  app.draining.begin();
  const hardStop = setTimeout(() => {
    app.log.error('shutdown: the last steps did not finish within SHUTDOWN_TIMEOUT_SECONDS; exiting');
    exit(1);
  }, timeoutMs);
  const cut = setTimeout(
    () => {
      app.log.warn('shutdown: requests still running at the deadline are cut');
      app.server.closeAllConnections();
    },
    timeoutMs - Math.min(FINAL_STEPS_MS, timeoutMs / 2),
  );
  // The balancer learns from /readyz that we are stopping; until it has, new connections are served.
  if (plan.delayMs) await sleep(plan.delayMs);
  // No new connection from here; every answer closes its own, and idle ones close (with a proxy's
  // grace). Fastify's close below finds the listener closed and does not wait for the connections.
  const connectionsEnded = app.draining.stopTakingConnections();
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  const logFailure = (step: string) => (error: unknown) =>
    app.log.error({ err: error }, `shutdown: ${step} failed`);
  try {
    await Promise.all([
      plan.stopBackground().catch(logFailure('stopping background work')),
      app.close().catch(logFailure('closing the HTTP server')),
      connectionsEnded,
    ]);
  } finally {
    clearInterval(sweep);
    clearTimeout(cut);
  }
  await plan.release().catch(logFailure('releasing the database'));
  clearTimeout(hardStop);
  exit(0);
}

/** SIGTERM (orchestrators, systemd, docker stop) and SIGINT (Ctrl-C) run the plan once. */
export function shutDownOnSignals(plan: ShutdownPlan): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    void shutDown(plan, signal);
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
