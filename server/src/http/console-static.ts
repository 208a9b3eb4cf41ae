import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath, sendApiNotFound } from '../errors';

const buildHint =
  'The console is not built yet. Run `npm run build` (or `npm start`, which builds it when needed), then reload.\n';

function wantsHtml(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/**
 * One port for console and API: files from dist/, and for browser navigations to client routes
 * (/teams/1-2, /login?token=...) the console's index.html. Unknown /api paths stay JSON 404s.
 * Without a build, pages answer with a hint instead; the API works either way.
 */
export async function registerConsole(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(path.join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      cacheControl: false,
      setHeaders(reply, filePath) {
        // Vite fingerprints everything under assets/; index.html must always be revalidated.
        const immutable = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url)) {
      sendApiNotFound(reply);
    } else if (!built && (request.method === 'GET' || request.method === 'HEAD')) {
      void reply.status(503).type('text/plain; charset=utf-8').send(buildHint);
    } else if (built && wantsHtml(request)) {
      void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    } else {
      void reply.status(404).type('text/plain; charset=utf-8').send('Not found\n');
    }
  });
}
