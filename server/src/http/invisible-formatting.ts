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
