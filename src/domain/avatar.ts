// Avatar fallback (spec section 1): initials on a coloured circle when a user or team has no picture.

/**
 * Twenty distinct, saturated colours. Each keeps at least 4.5:1 contrast with white: the initials
 * of a 32 px avatar are small text for WCAG AA (axe found the 3:1 red, blue, light green,
 * orange and gold failing). Order and length are part of the contract: changing either (even
 * appending, since the hash is taken modulo the length) repaints existing avatars.
 */
export const AVATAR_PALETTE: readonly string[] = [
  '#D32F2F', // red
  '#C2185B', // pink
  '#8E24AA', // purple
  '#5E35B1', // deep purple
  '#3949AB', // indigo
  '#1760D8', // blue
  '#0277BD', // light blue
  '#00838F', // cyan
  '#00695C', // teal
  '#2E7D32', // green
  '#5A7A00', // light green
  '#827717', // olive
  '#B35900', // orange
  '#9F2A0A', // brick
  '#6D4C41', // brown
  '#880E4F', // wine
  '#1A237E', // navy
  '#4A148C', // dark violet
  '#0D47A1', // sapphire
  '#37474F', // slate
];

/** Neutral grey for a nameless avatar; kept out of the palette so "no name" never looks like a person. */
export const AVATAR_FALLBACK_COLOR = '#757575';

/** First character by code point (string destructuring iterates code points), so an astral letter or
 * emoji is not cut into a lone surrogate. */
function firstCharacter(word: string): string {
  const [first = ''] = word;
  return first;
}

/**
 * Upper-case first letters of the first and last words ('Ada King Lovelace' -> 'AL').
 * One word gives one letter; a blank name gives '' (the caller then shows the grey fallback).
 */
export function avatarInitials(name: string | null | undefined): string {
  const words = (name ?? '')
    .trim()
    .split(/\s+/u)
    .filter((word) => word !== '');
  const first = words[0];
  if (first === undefined) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return (firstCharacter(first) + (last === undefined ? '' : firstCharacter(last))).toUpperCase();
}

/**
 * 32-bit FNV-1a over UTF-16 code units. Chosen because it is tiny, has no dependencies and spreads
 * short strings such as two-letter initials well; the same input gives the same colour everywhere.
 */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The circle colour for some initials: a palette entry by hash, or grey when there are none. */
export function avatarColor(initials: string): string {
  if (initials === '') return AVATAR_FALLBACK_COLOR;
  return AVATAR_PALETTE[hashString(initials) % AVATAR_PALETTE.length] ?? AVATAR_FALLBACK_COLOR;
}
