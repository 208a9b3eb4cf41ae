import type { FastifyInstance } from 'fastify';

/** Whether this server has begun to stop (shutdown.ts): it still answers, but takes no new work. */
export interface Draining {
  readonly started: boolean;
  begin(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    draining: Draining;
  }
}

/**
 * Once draining, /readyz answers 503 and every answer carries `Connection: close`. Fastify marks only
 * the requests that arrive after its close began; a request already in flight would otherwise leave
 * its keep-alive connection idle but open (a proxy's pooled connection), and the server would wait
 * for the client's keep-alive timeout before it could exit.
 */
export function registerDraining(app: FastifyInstance): void {
  let started = false;
  app.decorate('draining', {
    get started() {
      return started;
    },
    begin() {
      started = true;
    },
  } satisfies Draining);
  app.addHook('onSend', (request, reply, payload, done) => {
    if (started && request.raw.httpVersionMajor === 1) void reply.header('connection', 'close');
    done(null, payload);
  });
}
