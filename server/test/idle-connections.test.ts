import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FRESH_GRACE_MS,
  type IdleConnections,
  PROXY_IDLE_GRACE_MS,
  trackIdleConnections,
} from '../src/http/idle-connections';
import { connectRaw, requestOn } from './keep-alive-client';

// Which idle connections a stopping server closes (http/idle-connections.ts), on a real server and
// real sockets, with the clock in the test's hands.

interface Tracked {
  connections: IdleConnections;
  port: number;
  clock: { now: number };
  /** Ends the answer of the request to /held that is under way. */
  release(): void;
}

const servers: http.Server[] = [];
const clients: Socket[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function trackedServer(): Promise<Tracked> {
  const tracked = { release: () => {} } as Tracked;
  const server = http.createServer((request, response) => {
    if (request.url === '/held') {
      tracked.release = () => response.end('held');
      return;
    }
    response.end('ok');
  });
  servers.push(server);
  tracked.clock = { now: 1_000_000 };
  tracked.connections = trackIdleConnections(server, () => tracked.clock.now);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tracked.port = (server.address() as AddressInfo).port;
  return tracked;
}

/** A raw connection, closed after the test. */
async function connect(port: number): Promise<Socket> {
  const socket = await connectRaw(port);
  clients.push(socket);
  return socket;
}

/** Whether the server has closed the connection by now (a tick for the close to arrive). */
async function closed(socket: Socket): Promise<boolean> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  return socket.readableEnded || socket.destroyed;
}

/** Moves the test's clock on by `ms`, runs the stop's sweep, and says whether `socket` is closed then. */
async function closedAfter(tracked: Tracked, ms: number, socket: Socket): Promise<boolean> {
  tracked.clock.now += ms;
  tracked.connections.closeIdle();
  return closed(socket);
}

describe('idle connections of a stopping server', () => {
  it("closes at once a client's connection that carried its request directly", async () => {
    const { connections, port } = await trackedServer();
    const browser = await connect(port);
    expect(await requestOn(browser, '/')).toMatch(/^HTTP\/1.1 200/);
    connections.closeIdle();
    expect(await closed(browser)).toBe(true);
  });

  it("leaves a proxy's pooled connection for the proxy to close, and closes it once the grace has passed", async () => {
    const tracked = await trackedServer();
    const pooled = await connect(tracked.port);
    expect(await requestOn(pooled, '/', 'X-Forwarded-For: 203.0.113.9\r\n')).toMatch(/^HTTP\/1.1 200/);
    expect(await closedAfter(tracked, PROXY_IDLE_GRACE_MS - 1, pooled)).toBe(false);
    // The request the proxy sends on it meanwhile is read and answered, not cut.
    expect(await requestOn(pooled, '/', 'X-Forwarded-For: 203.0.113.9\r\n')).toMatch(/^HTTP\/1.1 200/);
    expect(await closedAfter(tracked, PROXY_IDLE_GRACE_MS - 1, pooled)).toBe(false);
    expect(await closedAfter(tracked, 1, pooled)).toBe(true);
  });

  it('leaves a new connection that has sent no request yet for a moment, then closes it', async () => {
    const tracked = await trackedServer();
    const fresh = await connect(tracked.port);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await closedAfter(tracked, FRESH_GRACE_MS - 1, fresh)).toBe(false);
    expect(await closedAfter(tracked, 1, fresh)).toBe(true);
  });

  it('never closes a connection whose request is under way, nor one whose next request is arriving', async () => {
    const tracked = await trackedServer();
    const { connections, port, clock } = tracked;
    const busy = await connect(port);
    const held = requestOn(busy, '/held');
    const arriving = await connect(port);
    expect(await requestOn(arriving, '/')).toMatch(/^HTTP\/1.1 200/);
    // The first bytes of the next request: a request has begun, whatever the clock says.
    arriving.write('GET / HT');
    await new Promise((resolve) => setTimeout(resolve, 50));
    clock.now += PROXY_IDLE_GRACE_MS;
    connections.closeIdle();
    expect(await closed(busy)).toBe(false);
    expect(await closed(arriving)).toBe(false);
    tracked.release();
    expect(await held).toMatch(/held$/);
    // Answered, the one is idle; nothing more came on the other since the last look: both close.
    connections.closeIdle();
    expect(await closed(busy)).toBe(true);
    expect(await closed(arriving)).toBe(true);
  });
});
