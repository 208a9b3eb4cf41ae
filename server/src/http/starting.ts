import type { FastifyInstance } from 'fastify';

/**
 * Whether this server is still starting (main.ts): it listens before its start is done (the catalogue
 * sync and the demo billing are made through the sandboxes over HTTP), and until then /readyz answers
 * 503, so a balancer or a test runner sends no work to a server that cannot do it yet. An app built
 * without main.ts (the tests') is started from the first.
 */
export interface Starting {
  readonly pending: boolean;
  begin(): void;
  finish(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    starting: Starting;
  }
}

export function registerStarting(app: FastifyInstance): void {
  let pending = false;
  app.decorate('starting', {
    get pending() {
      return pending;
    },
    begin() {
      pending = true;
    },
    finish() {
      pending = false;
    },
  } satisfies Starting);
}
