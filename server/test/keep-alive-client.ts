// Requests on keep-alive connections of their own, as a proxy's pool keeps them, with a handle on
// each connection: the shutdown tests watch whether the server closes them.
import http from 'node:http';
import net, { type Socket } from 'node:net';

export interface Sent {
  /** For a request with a body: the test writes it, and ends it when it likes. */
  request: http.ClientRequest;
  status: Promise<number>;
  headers: Promise<http.IncomingHttpHeaders>;
  body: Promise<string>;
  socket: Promise<Socket>;
}

/**
 * A request on a keep-alive connection of its own (as a proxy's pool keeps one). A GET is sent
 * whole; any other method leaves the body to the caller (`request.write`, `request.end`).
 */
export function send(url: string, init: { method?: string; headers?: Record<string, string> } = {}): Sent {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const method = init.method ?? 'GET';
  const request = http.request(url, { agent, method, headers: init.headers });
  if (method === 'GET') request.end();
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  const body = response.then(
    (res) =>
      new Promise<string>((resolve, reject) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.once('end', () => resolve(text));
        res.once('error', reject);
        res.once('aborted', () => reject(new Error('aborted')));
      }),
  );
  const status = response.then((res) => res.statusCode ?? 0);
  const headers = response.then((res) => res.headers);
  // A cut request rejects all three; the test awaits the ones it asks about.
  for (const promise of [body, status, headers]) promise.catch(() => {});
  return {
    request,
    status,
    headers,
    body,
    socket: new Promise((resolve) => request.once('socket', resolve)),
  };
}

/** Milliseconds until the socket closes, or null if it is still open after `withinMs`. */
export async function closesWithin(socket: Socket, withinMs: number): Promise<number | null> {
  const started = Date.now();
  if (socket.destroyed) return 0;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), withinMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

/** A raw connection to 127.0.0.1:`port`, as a proxy's pool or a browser keeps one. */
export async function connectRaw(port: number): Promise<Socket> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return socket;
}

/**
 * Sends one GET on the connection (`headers`: further header lines, each ending in CRLF) and
 * resolves with the whole answer as text: its status line, headers and body.
 */
export async function requestOn(socket: Socket, path: string, headers = ''): Promise<string> {
  const answer = new Promise<string>((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const body = /\r\n\r\n([\s\S]*)$/.exec(text)?.[1] ?? '';
      const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? -1);
      const chunkedEnd = /transfer-encoding: chunked/i.test(text) && text.endsWith('0\r\n\r\n');
      if (body.length === length || chunkedEnd) {
        socket.off('data', onData);
        resolve(text);
      }
    };
    socket.on('data', onData);
  });
  socket.write(`GET ${path} HTTP/1.1\r\nHost: test\r\n${headers}\r\n`);
  return answer;
}
