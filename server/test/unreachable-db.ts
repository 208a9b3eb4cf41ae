// Ways to make the database unreachable in a test, with the errors pg really throws: a database
// wrapper that fails with them on demand, and a TCP proxy in front of a Postgres server that can be
// cut (connections reset, new ones refused) and restored on the same port.
import net from 'node:net';
import pg from 'pg';
import type { Db } from '../src/db/db';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function connectError(port: number): Promise<Error> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'spark', database: 'spark' });
  // pg also emits the failure as an event; without a listener that would be an uncaught error.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    return error as Error;
  }
  await client.end();
  throw new Error(`connected to 127.0.0.1:${port}`);
}

/** What pg throws when nothing listens at the database's address (Postgres stopped): ECONNREFUSED. */
export async function refusedConnectionError(): Promise<Error> {
  return connectError(await freePort());
}

/** What pg throws when the server closes the connection before answering: 'Connection terminated'. */
export async function terminatedConnectionError(): Promise<Error> {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await connectError((server.address() as net.AddressInfo).port);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

export interface SwitchableDb extends Db {
  /** From now on every statement fails with `error` (null: works again). */
  failWith(error: Error | null): void;
}

/** `inner`, except that while failing every statement (queries, transactions) throws the error set. */
export function switchableDb(inner: Db): SwitchableDb {
  let failure: Error | null = null;
  const check = () => {
    if (failure) throw failure;
  };
  return {
    kind: inner.kind,
    async query(sql, params) {
      check();
      return inner.query(sql, params);
    },
    async exec(sql) {
      check();
      return inner.exec(sql);
    },
    async transaction(fn) {
      check();
      return inner.transaction(fn);
    },
    close: () => inner.close(),
    failWith(error) {
      failure = error;
    },
  };
}

export interface CuttableProxy {
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  url: string;
  /** Resets every connection and refuses new ones, as a stopped Postgres does. */
  cut(): Promise<void>;
  /** Listens again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP proxy on a loopback port in front of the Postgres server of `databaseUrl`. */
export async function cuttableProxy(databaseUrl: string): Promise<CuttableProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const stop = async () => {
    const closed = new Promise((resolve) => server.close(resolve));
    for (const socket of sockets) socket.resetAndDestroy();
    await closed;
  };
  return { url: url.toString(), cut: stop, restore: () => listen(port), close: stop };
}
