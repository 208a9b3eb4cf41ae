// A bare app (no sandboxes, no built console, no mail) on a test database, whose log lines are kept:
// for the tests of what the server logs (logger.test.ts, missing-bytes.test.ts), whom it believes
// (trust-proxy.test.ts), its probes, metrics and shutdown (health.test.ts, metrics.test.ts,
// shutdown.test.ts).
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../src/app';
import type { Db } from '../src/db/db';
import { loggerOptions } from '../src/http/logger';
import { createMemoryFileStorage } from '../src/storage/memory-file-storage';
import { unreachableBilling } from './helper';

export interface LoggedApp {
  app: FastifyInstance;
  /** Every line the app has logged so far, as written. */
  lines: string[];
}

/** A logged line as JSON (every line the app writes is one object). */
export type LogLine = Record<string, unknown> & { level: string; time: string; msg?: string };

/** The lines as objects; throws on any line that is not JSON. */
export function parseLines(lines: readonly string[]): LogLine[] {
  return lines.flatMap((chunk) =>
    chunk
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as LogLine),
  );
}

export async function buildLoggedApp(
  db: Db,
  level: string,
  extra: Partial<
    Pick<BuildAppOptions, 'trustProxy' | 'metrics' | 'distDir' | 'storage' | 'publicFiles'>
  > = {},
): Promise<LoggedApp> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    db,
    jwtSecret: new Uint8Array(32).fill(7),
    mailer: { send: async () => {} },
    publicUrl: () => 'http://console.test',
    distDir: '/nonexistent',
    billing: unreachableBilling(),
    logger: { ...(loggerOptions(level) as Record<string, unknown>), stream },
    ...extra,
    storage: extra.storage ?? createMemoryFileStorage(),
  });
  return { app, lines };
}
