import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long a stopping server leaves a proxy's idle connection for the proxy to close. A proxy's pool
 * may send a request on it at any moment; if the server closed it then, the two would cross on the
 * wire and the proxy would have sent a request nobody answers (nginx answers a POST so lost with 502,
 * as it cannot know whether the server acted on it). The proxy's own idle timeout must be shorter:
 * nginx `keepalive_timeout 4s` in the upstream block (docs/deploy/nginx-site.conf).
 */
export const PROXY_IDLE_GRACE_MS = 5000;

/**
 * How long a connection that has sent no request yet is left open. A client sends its request right
 * after the handshake, so one that arrived just as the stop began is read and answered rather than
 * cut with its request unread.
 */
export const FRESH_GRACE_MS = 1000;

interface ConnectionState {
  /** Requests whose answer has not finished. */
  inFlight: number;
  /** When the connection last became idle (its accept, or the end of its last answer). */
  idleSince: number;
  /** The bytes read from it by then: more since, and something has arrived (the next request). */
  bytesReadWhenIdle: number;
  /** Whether it has carried a request. */
  used: boolean;
  /** Whether a request on it came through a proxy (X-Forwarded-For): a proxy's pooled connection. */
  proxied: boolean;
}

export interface IdleConnections {
  /**
   * Closes the connections with no request under way, except those still in their grace: a proxy's
   * pooled connection idle for less than PROXY_IDLE_GRACE_MS, a connection accepted less than
   * FRESH_GRACE_MS ago that has not sent its request. Any other idle connection closes at once.
   */
  closeIdle(): void;
}

/** Follows every connection of `server`: whether a request is under way on it, and since when it is idle. */
export function trackIdleConnections(server: Server, now: () => number = Date.now): IdleConnections {
  const connections = new Map<Socket, ConnectionState>();
  server.on('connection', (socket: Socket) => {
    connections.set(socket, {
      inFlight: 0,
      idleSince: now(),
      bytesReadWhenIdle: 0,
      used: false,
      proxied: false,
    });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (request, response) => {
    const state = connections.get(request.socket);
    if (!state) return;
    state.inFlight += 1;
    state.used = true;
    if (request.headers['x-forwarded-for'] !== undefined) state.proxied = true;
    // 'close' follows every answer, finished or cut.
    response.once('close', () => {
      state.inFlight -= 1;
      state.idleSince = now();
      state.bytesReadWhenIdle = request.socket.bytesRead;
    });
  });

  return {
    closeIdle() {
      const at = now();
      for (const [socket, state] of connections) {
        if (state.inFlight > 0) continue;
        // Bytes read since: the next request is arriving (or the unread rest of the last one's body).
        // Idle again from now, if nothing more comes.
        if (socket.bytesRead !== state.bytesReadWhenIdle) {
          state.bytesReadWhenIdle = socket.bytesRead;
          state.idleSince = at;
          continue;
        }
        const grace = !state.used ? FRESH_GRACE_MS : state.proxied ? PROXY_IDLE_GRACE_MS : 0;
        if (at - state.idleSince >= grace) socket.destroy();
      }
    },
  };
}
