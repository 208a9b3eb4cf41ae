import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { renderApiReference } from './openapi-page';
import { BEARER_SCHEME, openApiTransform } from './openapi-transform';

const DESCRIPTION =
  'Generated from the routes’ own zod schemas. Every error is {errorCode, errorMessage, errorData} ' +
  '(spec section 8). Any call may also answer 413 (body over 1 MiB), 414 (a path parameter over 100 ' +
  'characters) or 415 (content type), each with errorCode 10, and a call that needs the database 503 ' +
  'with errorCode 1920 and a Retry-After header while the database cannot be reached. Every answer ' +
  'carries X-Request-Id (a well-formed one sent is kept). What a schema cannot say (order of checks, ' +
  'side effects, limits, events) is in docs/api.md.';

/**
 * The OpenAPI 3.1 document of the API, built by @fastify/swagger from every route registered after
 * this (so call it just before the routes), served at /api/openapi.json and as a page at /api/docs.
 * The stand-ins (/v1, /sandbox) and the CLI's internal routes are left out (see openapi-transform).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Spark Teams Console API', version: '1', description: DESCRIPTION },
      // The address people use (PUBLIC_URL), so a generated client has a base URL to start from.
      servers: [{ url: app.publicUrl(), description: 'This server (PUBLIC_URL)' }],
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access token of POST /api/v2/auth/code or /api/v1/auth/refresh.',
          },
        },
      },
    },
    transform: openApiTransform,
  });
  let page: string | null = null;
  app.get('/api/openapi.json', async () => app.swagger());
  app.get('/api/docs', async (_request, reply) => {
    // Routes cannot change after start, so the page is rendered once.
    page ??= renderApiReference(app.swagger() as unknown as Record<string, unknown>);
    return reply.type('text/html; charset=utf-8').send(page);
  });
}
