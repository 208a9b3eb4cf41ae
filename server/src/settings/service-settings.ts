/** How the server runs as a service: its metrics port and how long a stop may take. */
export interface ServiceSettings {
  /** METRICS_PORT: Prometheus text at /metrics on this port (0: any free one); null: no metrics. */
  metricsPort: number | null;
  /** SHUTDOWN_TIMEOUT_SECONDS: from SIGTERM to exit at most; what is still running then is cut. */
  shutdownTimeoutSeconds: number;
  /**
   * SHUTDOWN_DELAY_SECONDS: after SIGTERM, /readyz answers 503 but the server still accepts new
   * connections this long, while the balancer notices (Kubernetes removes an endpoint asynchronously).
   */
  shutdownDelaySeconds: number;
}

/** Below Kubernetes' default grace period of 30 s, so the server exits before it would be killed. */
export const DEFAULT_SHUTDOWN_TIMEOUT_SECONDS = 25;
const MAX_SHUTDOWN_TIMEOUT_SECONDS = 3600;

/**
 * Reads METRICS_PORT and SHUTDOWN_TIMEOUT_SECONDS. `port` is the public port: metrics on the same
 * one would never be served, so that is refused. `fail` builds the caller's error type (ConfigError).
 */
export function parseServiceSettings(
  env: NodeJS.ProcessEnv,
  port: number,
  fail: (message: string) => Error,
): ServiceSettings {
  const metricsText = env.METRICS_PORT?.trim() ?? '';
  let metricsPort: number | null = null;
  if (metricsText !== '') {
    metricsPort = /^\d+$/.test(metricsText) ? Number(metricsText) : Number.NaN;
    if (!(metricsPort >= 0 && metricsPort <= 65535)) {
      throw fail(`METRICS_PORT must be a number from 0 to 65535, got "${metricsText}"`);
    }
    if (metricsPort !== 0 && metricsPort === port) {
      throw fail(`METRICS_PORT must differ from PORT (${port}): metrics have a port of their own`);
    }
  }
  const timeoutText = env.SHUTDOWN_TIMEOUT_SECONDS?.trim() ?? '';
  const shutdownTimeoutSeconds = timeoutText === '' ? DEFAULT_SHUTDOWN_TIMEOUT_SECONDS : Number(timeoutText);
  if (
    !/^\d*$/.test(timeoutText) ||
    shutdownTimeoutSeconds < 1 ||
    shutdownTimeoutSeconds > MAX_SHUTDOWN_TIMEOUT_SECONDS
  ) {
    throw fail(
      `SHUTDOWN_TIMEOUT_SECONDS must be a whole number from 1 to ${MAX_SHUTDOWN_TIMEOUT_SECONDS}, got "${timeoutText}"`,
    );
  }
  const delayText = env.SHUTDOWN_DELAY_SECONDS?.trim() || '0';
  const shutdownDelaySeconds = Number(delayText);
  if (!/^\d+$/.test(delayText) || shutdownDelaySeconds >= shutdownTimeoutSeconds) {
    throw fail(
      `SHUTDOWN_DELAY_SECONDS must be a whole number below SHUTDOWN_TIMEOUT_SECONDS (${shutdownTimeoutSeconds}), got "${delayText}"`,
    );
  }
  return { metricsPort, shutdownTimeoutSeconds, shutdownDelaySeconds };
}
