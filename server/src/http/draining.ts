import type { FastifyInstance } from 'fastify';
import { trackIdleConnections } from './idle-connections';

/** Whether this server has begun to stop (shutdown.ts): it still answers, but takes no new work. */
export interface Draining {
  /** /readyz answers 503 from then on. */
  readonly started: boolean;
  /** The stop has begun: not ready, but still taking connections (SHUTDOWN_DELAY_SECONDS). */
  begin(): void;
  /**
   * The server stops taking connections: its listener closes, then every answer closes its own
   * connection and idle ones close. Resolves once every connection has ended.
   */
  stopTakingConnections(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    draining: Draining;
  }
}

/**
 * Once the stop begins, /readyz answers 503. Once the server stops taking connections (after the
 * delay, if any), every answer carries `Connection: close`: Fastify marks only the requests that
 * arrive after its close began, and a request already in flight would otherwise leave its keep-alive
 * connection idle but open (a proxy's pooled connection) until the client's keep-alive timeout.
 * Not before: during the delay a proxy that does not poll /readyz keeps sending, and answers that
 * closed their connections would have it open new ones, which the listener's close then resets
 * under a request (a POST nginx answers with 502).
 */
export function registerDraining(app: FastifyInstance): void {
  let started = false;
  let closing = false;
  const connections = trackIdleConnections(app.server);
  app.decorate('draining', {
    get started() {
      return started;
    },
    begin() {
      started = true;
    },
    stopTakingConnections() {
      // Node's close (and the stop's sweep) close every idle connection at once, a proxy's pooled
      // ones included, which a request from the proxy may be crossing on the wire: from now on an
      // idle connection closes by the rule of idle-connections.ts, which leaves those to the proxy.
      app.server.closeIdleConnections = () => connections.closeIdle();
      // The listener first: an answer that closed its connection while it still listened would have
      // the proxy open a new one, which the listener's close could reset under a request.
      const ended = new Promise<void>((resolve) => app.server.close(() => resolve()));
      closing = true;
      return ended;
    },
  } satisfies Draining);
  app.addHook('onSend', (request, reply, payload, done) => {
    if (closing && request.raw.httpVersionMajor === 1) void reply.header('connection', 'close');
    done(null, payload);
  });
}
