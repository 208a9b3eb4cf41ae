import type { FastifyInstance, FastifySchema } from 'fastify';

/** A route as registered: its method, URL pattern (`:name` parameters) and declared zod schemas. */
export interface CataloguedRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered, in order (filled by an onRoute hook). */
    routeCatalogue: readonly CataloguedRoute[];
  }
}

/**
 * Records every route registered after this call, with the schemas it validates with, so tests that
 * must cover every route (the write-call fuzz) read them from the app itself: a new route joins
 * them without anyone listing it.
 */
export function registerRouteCatalogue(app: FastifyInstance): void {
  const routes: CataloguedRoute[] = [];
  app.decorate('routeCatalogue', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema });
  });
}
