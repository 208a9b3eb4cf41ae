/**
 * Bidi controls (U+202A-U+202E embeddings and overrides, U+2066-U+2069 isolates) and zero-width
 * characters (U+200B-U+200D, the word joiner U+2060, U+FEFF). In a name they make it read otherwise
 * than it is: 'Bakery\u202Egnp.exe' shows as 'Bakeryexe.png'. Names people type refuse them (issue 20).
 */
export const INVISIBLE_FORMATTING = /[\u200B-\u200D\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;

/** Whether text is free of bidi controls and zero-width characters. */
export function hasNoInvisibleFormatting(text: string): boolean {
  return !INVISIBLE_FORMATTING.test(text);
}

const EVERY_INVISIBLE_FORMATTING = new RegExp(INVISIBLE_FORMATTING.source, 'gu');
const CONTROL_CHARACTERS = /\p{Cc}+/gu;

/**
 * A name an identity provider vouches for, made fit to store as a typed one would be: bidi controls
 * and zero-width characters dropped, control characters (line breaks) read as spaces, runs of
 * spaces as one, trimmed and cut to `maxLength`. A person cannot fix a provider's name by retyping
 * it, so it is cleaned rather than refused; '' when nothing is left (callers fall back on the
 * address's local part, as for a provider that gives no name).
 */
export function cleanProvidedName(raw: unknown, maxLength: number): string {
  if (typeof raw !== 'string') return '';
  return raw
    .replace(EVERY_INVISIBLE_FORMATTING, '')
    .replace(CONTROL_CHARACTERS, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
    .slice(0, maxLength)
    .trim();
}
