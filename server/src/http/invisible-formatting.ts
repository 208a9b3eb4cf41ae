/**
 * Bidi controls (U+202A-U+202E embeddings and overrides, U+2066-U+2069 isolates, and the marks LRM
 * U+200E, RLM U+200F and ALM U+061C), zero-width characters (U+200B-U+200D, the word joiner U+2060,
 * U+FEFF) and the line and paragraph separators U+2028 and U+2029. In a name they make it read
 * otherwise than it is: 'Bakery\u202Egnp.exe' shows as 'Bakeryexe.png', a mark moves the digits and
 * punctuation around it, a separator breaks a one-line name in two. Names people type refuse them.
 */
export const INVISIBLE_FORMATTING = /[\u061C\u200B-\u200F\u2028-\u202E\u2060\u2066-\u2069\uFEFF]/u;

/** Whether text is free of bidi controls, zero-width characters and line or paragraph separators. */
export function hasNoInvisibleFormatting(text: string): boolean {
  return !INVISIBLE_FORMATTING.test(text);
}

const EVERY_INVISIBLE_FORMATTING = new RegExp(INVISIBLE_FORMATTING.source, 'gu');
/** Control characters and the two Unicode separators: each a break between words, read as a space. */
const BREAKS = /[\p{Cc}\u2028\u2029]+/gu;

/**
 * A name an identity provider vouches for, made fit to store as a typed one would be: control
 * characters and line or paragraph separators read as spaces, bidi controls and zero-width characters
 * dropped, runs of spaces as one, trimmed and cut to `maxLength`. A person cannot fix a provider's
 * name by retyping it, so it is cleaned rather than refused; '' when nothing is left (callers fall
 * back on the address's local part, as for a provider that gives no name).
 */
export function cleanProvidedName(raw: unknown, maxLength: number): string {
  if (typeof raw !== 'string') return '';
  return raw
    .replace(BREAKS, ' ')
    .replace(EVERY_INVISIBLE_FORMATTING, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .slice(0, maxLength)
    .trim();
}
