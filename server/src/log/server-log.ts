import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/** LOG_FORMAT: one JSON object per line (for jq and log shippers), or lines for a person at a terminal. */
export type LogFormat = 'json' | 'pretty';

/** LOG_FORMAT as set, or by default pretty on a terminal and JSON otherwise; null when it is neither. */
export function parseLogFormat(value: string | undefined, isTTY: boolean): LogFormat | null {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '') return isTTY ? 'pretty' : 'json';
  return text === 'json' || text === 'pretty' ? text : null;
}

/** What every line of every logger of the process shares: an ISO time and the level by name. */
export const lineShape: Pick<LoggerOptions, 'timestamp' | 'formatters'> = {
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
};

/**
 * Where the lines go: stdout either way. Pretty formatting runs in this thread (pino-pretty as a
 * synchronous stream), not as a pino transport: a transport's worker resolves its module at run
 * time, which the bundled server (scripts/server-bundle.mjs) cannot promise. Loaded only when asked
 * for, so a JSON server never holds it.
 */
export async function openLogStream(format: LogFormat): Promise<DestinationStream> {
  if (format === 'json') return pino.destination({ dest: 1 });
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    sync: true,
    destination: 1,
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
}

export interface ServerLog {
  /** Start-up and shutdown lines: the banner, the stand-ins, `Cannot start`. */
  log: Logger;
  /** The same stream, for the app's own logger. */
  stream: DestinationStream;
}

/**
 * The process's first logger, made before the configuration is read so that even `Cannot start`
 * comes out in the run's format. A LOG_FORMAT that is neither value falls back to the default here;
 * loadConfig then refuses it, in that format. At info whatever LOG_LEVEL says: the start-up lines
 * (where the console is, how to get a login link) are what a person starting the server looks for.
 */
export async function openServerLog(env: NodeJS.ProcessEnv = process.env): Promise<ServerLog> {
  const isTTY = process.stdout.isTTY === true;
  const format = parseLogFormat(env.LOG_FORMAT, isTTY) ?? parseLogFormat(undefined, isTTY) ?? 'json';
  const stream = await openLogStream(format);
  const log = pino({ ...lineShape, level: 'info' }, stream);
  routeProcessWarnings(log);
  return { log, stream };
}

/**
 * Node prints process warnings (a library's deprecation or runtime notice) as plain text on stderr;
 * its default printer is replaced by a line in the run's format.
 */
function routeProcessWarnings(log: Logger): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    const { name, message } = warning;
    const code = (warning as { code?: unknown }).code ?? null;
    log.warn({ warning: { name, code } }, message);
  });
}
