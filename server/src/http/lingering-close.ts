import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The most of an unwanted body read before the answer goes; past it the connection is cut. */
export const LINGER_MAX_BYTES = 64 * 1024 * 1024;
/** How long the rest of an unwanted body may take to arrive before the answer goes anyway. */
export const LINGER_MAX_MS = 30_000;

/**
 * An answer that leaves before the request's body has all arrived and closes the connection (a 413
 * over a limit) would close it with bytes still coming, and the client's network stack answers
 * those with a reset: the browser then sees a network error instead of our answer.
 * Here the rest of the body is read and thrown away first (a lingering close), up to `maxBytes` or
 * `maxMs`, whichever comes first; then the answer goes and the connection closes cleanly.
 */
export function registerLingeringClose(
  app: FastifyInstance,
  limits: { maxBytes: number; maxMs: number } = { maxBytes: LINGER_MAX_BYTES, maxMs: LINGER_MAX_MS },
): void {
  // A callback hook: on every other answer it costs no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    // Only a request off the wire knows it is incomplete (an injected one has no `complete`).
    if (raw.complete !== false || raw.readableEnded || raw.destroyed) return done(null, payload);
    // Other early answers (a 401 before an upload) keep the connection, and Node reads the rest
    // itself; a body over a limit is the one the connection is closed on.
    const closing = String(reply.getHeader('connection') ?? '').toLowerCase() === 'close';
    if (!closing && reply.statusCode !== 413) return done(null, payload);
    reply.header('connection', 'close');
    void discardRest(raw, limits).then(() => done(null, payload));
  });
}

/** Reads the rest of the body into nothing; resolves at its end, or once over a bound. */
function discardRest(raw: IncomingMessage, limits: { maxBytes: number; maxMs: number }): Promise<void> {
  return new Promise((resolve) => {
    // Whatever was reading it (a body parser, a multipart form) has given up: it reads no more.
    raw.unpipe();
    raw.removeAllListeners('data');
    let read = 0;
    const timer = setTimeout(finish, limits.maxMs);
    function finish() {
      clearTimeout(timer);
      raw.off('end', finish).off('close', finish).off('error', finish).off('data', count);
      // Past the bound the rest stays unread: the close after the answer cuts it off.
      raw.pause();
      resolve();
    }
    function count(chunk: Buffer) {
      read += chunk.length;
      if (read > limits.maxBytes) finish();
    }
    raw.on('data', count).once('end', finish).once('close', finish).once('error', finish);
    raw.resume();
  });
}
