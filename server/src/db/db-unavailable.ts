// Which database failures mean "the database cannot be reached right now" (answer 503 and retry)
// rather than "this statement is wrong" (a bug: 500). Both drivers' errors are classified here: pg's
// (Postgres down, restarting, a full pool) and the socket errors underneath them.

/** Socket errors of a connection that could not be made or was cut. */
const UNREACHABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not taking connections: admin_shutdown (57P01),
 * crash_shutdown (57P02), cannot_connect_now (57P03, starting up or in recovery), too_many_connections
 * (53300); class 08 is connection exceptions.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** pg's own messages for a connection lost or never made (it gives these no code). */
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Connection terminated due to connection timeout',
];

function isUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNREACHABLE_ERRNOS.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    // Class 08 but protocol_violation (08P01): that is a malformed message of ours, a bug.
    if (/^08[0-9A-Z]{3}$/.test(code) && code !== '08P01') return true;
  }
  return typeof message === 'string' && UNREACHABLE_MESSAGES.some((text) => message.startsWith(text));
}

/**
 * True when `error` (or what it wraps: `cause`, or an AggregateError's `errors` when a host name
 * resolved to several addresses and every one refused) says the database cannot be reached.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (isUnreachable(error)) return true;
  if (depth >= 3 || typeof error !== 'object' || error === null) return false;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (cause !== undefined && isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

/** What a log line says about a database failure: its code and message, never a stack. */
export function databaseErrorFields(error: unknown): { code: string | null; message: string } {
  if (typeof error !== 'object' || error === null) return { code: null, message: String(error) };
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  // An AggregateError's own message is empty: its first inner error says what happened.
  const inner = Array.isArray(errors) && !message ? errors[0] : null;
  if (inner) return databaseErrorFields(inner);
  return { code: typeof code === 'string' ? code : null, message: String(message ?? '') };
}
