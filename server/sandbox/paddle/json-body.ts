import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * JSON bodies as Paddle takes them: the SDK sends `content-type: application/json` with no body on
 * calls that take none (a notification replay), which Fastify's own parser refuses.
 */
export function acceptEmptyJson(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('The request body is not valid JSON.'), undefined);
    }
  });
}
