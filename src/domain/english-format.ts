// English text the console writes without Intl where that is as exact (decision 032).
// The first Intl object a page makes loads ICU's locale data: 40-130 ms of the main thread on this
// project's machine, 160-500 ms under Lighthouse's 4x CPU slowdown, and each kind of formatter its own
// data on top. The team frame sorted its teams with localeCompare, members counted with toLocaleString,
// billing dated with Intl.DateTimeFormat: each team page paid for ICU in its first render. Each
// function here is checked against Intl itself in english-format.test.ts, and falls back to Intl
// where it could differ.

// ICU's root collation order of the printable ASCII characters, as Intl.Collator('en') sorts them:
// space, then punctuation and symbols in this order, digits, letters. A letter's two cases share a
// place: at 'accent' sensitivity case does not count. (english-format.test.ts derives the same order
// from Intl.Collator and fails if this one differs.)
export const ICU_ASCII_ORDER: readonly string[] = [
  ' ',
  '_',
  '-',
  ',',
  ';',
  ':',
  '!',
  '?',
  '.',
  "'",
  '"',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '@',
  '*',
  '/',
  '\\',
  '&',
  '#',
  '%',
  '`',
  '^',
  '+',
  '<',
  '=',
  '>',
  '|',
  '~',
  '$',
  ...'0123456789',
  ...[...'abcdefghijklmnopqrstuvwxyz'].map((letter) => `${letter.toUpperCase()}${letter}`),
];

const ASCII_WEIGHT = new Uint8Array(128);
ICU_ASCII_ORDER.forEach((characters, index) => {
  for (const character of characters) ASCII_WEIGHT[character.charCodeAt(0)] = index + 1;
});
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

let collator: Intl.Collator | null = null;

/**
 * Two names in the order an English reader expects: Intl.Collator('en', { sensitivity: 'accent' }),
 * case-insensitive, accent-aware ('Zoë' after 'Zoe'). Names in plain printable ASCII, most of them, are
 * compared by the collator's own weights without it: for those characters ICU's order is one weight per
 * character, compared in turn, the shorter name first. Anything else goes to the collator.
 */
export function compareEnglishNames(a: string, b: string): number {
  if (!PRINTABLE_ASCII.test(a) || !PRINTABLE_ASCII.test(b)) {
    collator ??= new Intl.Collator('en', { sensitivity: 'accent' });
    return collator.compare(a, b);
  }
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const difference = (ASCII_WEIGHT[a.charCodeAt(index)] ?? 0) - (ASCII_WEIGHT[b.charCodeAt(index)] ?? 0);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  return Math.sign(a.length - b.length);
}

/** 1234567 -> '1,234,567', as (1234567).toLocaleString('en') writes a whole number. */
export function groupThousands(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en');
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 ? `-${digits}` : digits;
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'Jan 15, 2027' in the browser's time zone, as Intl.DateTimeFormat('en-US', { year: 'numeric',
 * month: 'short', day: 'numeric' }) writes it (years 1000 to 9999; any other goes to Intl).
 */
export function formatShortDate(date: Date): string {
  const year = date.getFullYear();
  if (!(year >= 1000 && year <= 9999)) {
    return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
  }
  return `${SHORT_MONTHS[date.getMonth()]} ${date.getDate()}, ${year}`;
}

/**
 * '$1,234.50' and '-$5.00' for cents in US dollars, as Intl.NumberFormat('en-US', { style: 'currency',
 * currency: 'USD' }) writes them; null for an amount it would round (not a whole number of cents).
 */
export function formatUsdCents(cents: number): string | null {
  if (!Number.isSafeInteger(cents) || Object.is(cents, -0)) return null;
  const whole = Math.floor(Math.abs(cents) / 100);
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}$${groupThousands(whole)}.${fraction}`;
}
