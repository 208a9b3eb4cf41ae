import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { DestinationStream } from 'pino';
import { lineShape } from '../log/server-log';
import { errorLineFields } from './request-context';

// Query parameters that carry credentials: login links (?token=), auth codes, public-file secrets (?s=),
// invitation links (/accept-invitation?key=: whoever reads the key can join the team in the invitee's place).
// OAuth callbacks (?code=&state=) too.
const secretQueryKeys = new Set([
  'token',
  'code',
  'refreshToken',
  'accessToken',
  's',
  'secret',
  'key',
  'state',
]);

/** The request URL as it may appear in logs: credential values in the query are replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (secretQueryKeys.has(key)) {
      params.set(key, '[Redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, queryStart)}?${params.toString()}` : url;
}

/**
 * Pino settings: never write tokens, secrets or cookies, whether they come in headers, bodies or the
 * query string of a login link. Lines have an ISO time and the level by name, like the start-up
 * lines (log/server-log.ts), and go to `stream` (default stdout); a request's warnings and errors name
 * its method, route and status (request-context.ts).
 */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...lineShape,
    mixin: errorLineFields,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-cli-secret"]',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        'headers["x-cli-secret"]',
        'body.refreshToken',
        'body.code',
        'body.token',
        '*.refreshToken',
        '*.accessToken',
        '*.token',
        '*.cliSecret',
      ],
      censor: '[Redacted]',
    },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
  };
}

/**
 * Fastify's per-request lines ('incoming request', 'request completed') at debug instead of info: at
 * the production level (info) they were two synchronous writes and two redacted serializations per
 * call, about 8% of a server's CPU under load (docs/decisions/012-api-request-path.md). Everything
 * else Fastify logs per request (failed requests, stream and serializer errors, unknown routes) keeps
 * its level, and handleError logs every error answer itself. LOG_LEVEL=debug shows the lines again.
 */
export class RequestLinesAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
