import type { LightMyRequestResponse } from 'fastify';

// What every answer must be, whatever was sent (spec section 8): never a 5xx; an error is the
// spec's body; nothing internal (a stack frame, a file path, SQL, a driver's message) in any body.

/** Why this answer is not the spec's error body, or null when it is. */
export function errorBodyProblem(response: LightMyRequestResponse): string | null {
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `not JSON: ${response.body.slice(0, 200)}`;
  }
  const shaped =
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { errorCode?: unknown }).errorCode === 'number' &&
    typeof (body as { errorMessage?: unknown }).errorMessage === 'string' &&
    'errorData' in body;
  if (!shaped) return `not the error body: ${response.body.slice(0, 200)}`;
  // Validation errors (code 10) name their fields.
  const { errorCode, errorData } = body as { errorCode: number; errorData: unknown };
  if (errorCode !== 10) return null;
  const listed =
    Array.isArray(errorData) &&
    errorData.every(
      (f: { field?: unknown; message?: unknown }) =>
        typeof f.field === 'string' && typeof f.message === 'string',
    );
  return listed ? null : `validation error without its fields: ${response.body.slice(0, 200)}`;
}

// Signs of internals: a stack frame, a source or system path, Postgres' and the driver's words. The
// body is JSON text, so quotes inside a message arrive escaped.
const INTERNALS: [string, RegExp][] = [
  ['a stack frame', /\bat (?:async )?[\w$.<>[\]]+ \(|\n\s+at |\bat (?:file:\/\/|\/|node:)/u],
  [
    'a file path',
    /(?:\/(?:work|home|usr|tmp|var|opt|root)\/|node_modules|file:\/\/|\.(?:ts|js|mjs|cjs):\d+)/u,
  ],
  [
    'SQL',
    /\bSELECT\b[^"]*\bFROM\b|\bINSERT INTO\b|\bDELETE FROM\b|\bUPDATE \w+ SET\b|\bWHERE \w+ *=|\bRETURNING\b/u,
  ],
  [
    "the database's words",
    /syntax error at|relation \\?"|violates \w+ constraint|duplicate key value|invalid input syntax|out of range for type|SQLSTATE|PGlite|pg_\w+\(/iu,
  ],
  [
    "a library's own message",
    /\bFST_\w+|ZodError|Invalid input: expected|TypeError|ReferenceError|Cannot read propert/u,
  ],
];

/** Every string in a request part (keys too): an answer may quote what it was sent. */
export function stringsIn(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, into);
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      into.add(key);
      stringsIn(item, into);
    }
  return into;
}

/**
 * What internal thing this body shows, or null. Text the request itself carried is taken out first,
 * so an echoed name ("'; DROP TABLE ...") or a field path made of sent keys is not taken for a leak.
 */
export function leakIn(body: string, sent: Set<string>): string | null {
  let text = body;
  for (const value of [...sent].sort((a, b) => b.length - a.length)) {
    if (value.length < 3) continue;
    const quoted = JSON.stringify(value).slice(1, -1);
    text = text.split(quoted).join('').split(value).join('');
  }
  for (const [what, pattern] of INTERNALS) {
    const found = pattern.exec(text);
    if (found) return `${what} ('${text.slice(Math.max(0, found.index - 40), found.index + 60)}')`;
  }
  return null;
}
