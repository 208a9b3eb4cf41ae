// Where to go after logging in (spec section 2: the original path travels as the goto query value).
// goto comes from the URL, so anyone can craft it: an unchecked value is an open redirect.

/** Enough rounds for any honest double encoding; more layers than this are treated as an attack. */
const MAX_DECODE_ROUNDS = 5;

/** A placeholder origin that no real URL can resolve to, used only to ask the URL parser for the origin. */
const SENTINEL_ORIGIN = 'https://console.invalid';

/** C0 controls and DEL: browsers silently strip tab and newlines ('/\t/evil.com' becomes '//evil.com'). */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** A path on this origin: one leading slash, not a protocol-relative '//host' or its '/\host' twin. */
function isLocalPathForm(path: string): boolean {
  return path.startsWith('/') && path[1] !== '/' && path[1] !== '\\' && !hasControlCharacter(path);
}

/**
 * Decodes only ASCII percent escapes, one layer. Unlike decodeURIComponent it never throws on a lone
 * '%' or on broken UTF-8, so a malformed tail cannot hide an encoded '//' in front of it.
 */
function decodeAsciiEscapes(text: string): string {
  return text.replace(/%([0-7][0-9A-Fa-f])/gu, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/**
 * The goto value if it is a same-origin path of this console ('/teams/1-2/billing?x=1#y'), else null.
 * Checked as given and after each layer of percent-decoding, because some router or later redirect
 * may decode it again; a backslash is refused outright since browsers read it as a slash.
 */
export function safeInternalPath(goto: string | null | undefined): string | null {
  if (typeof goto !== 'string' || goto.includes('\\')) return null;
  let form = goto;
  for (let round = 0; ; round++) {
    if (!isLocalPathForm(form)) return null;
    const decoded = decodeAsciiEscapes(form);
    if (decoded === form) break;
    if (round === MAX_DECODE_ROUNDS) return null;
    form = decoded;
  }
  // Belt and braces: let the platform's URL parser confirm the origin does not change.
  return new URL(goto, SENTINEL_ORIGIN).origin === SENTINEL_ORIGIN ? goto : null;
}
