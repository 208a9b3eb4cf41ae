// VAT number rules of the billing details form (spec section 5).

/**
 * Country codes as VAT numbers spell them: the 27 EU members with Greece as EL (its VAT prefix, not
 * its ISO code GR), plus GB, which the billing provider still treats as a VAT country. GR and UK are
 * deliberately absent: they are aliases, accepted as input and mapped by vatPrefixForCountry.
 */
export const EU_VAT_COUNTRY_CODES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'GB',
]);

/** ISO codes whose VAT prefix differs from the code itself. */
const VAT_PREFIX_ALIASES: Readonly<Record<string, string>> = { GR: 'EL', UK: 'GB' };

/** The VAT prefix for a country code: GR -> EL, UK -> GB, anything else unchanged (upper-cased). */
export function vatPrefixForCountry(country: string): string {
  const code = country.trim().toUpperCase();
  return VAT_PREFIX_ALIASES[code] ?? code;
}

/** Whether the billing form asks for a VAT number. Accepts ISO codes (GR, GB) and VAT prefixes (EL, UK). */
export function isEuCountry(country: string | null | undefined): boolean {
  return country != null && EU_VAT_COUNTRY_CODES.has(vatPrefixForCountry(country));
}

/**
 * The VAT number as the billing provider expects it. For EU countries: trimmed, upper-cased, spaces
 * removed, and a bare number gets the country's VAT prefix ('123 456' in GR -> 'EL123456'), because
 * users often type the number without it. Other countries have their own formats, so only trim.
 */
export function normalizeVatId(vatId: string, country: string | null | undefined): string {
  const trimmed = vatId.trim();
  if (!isEuCountry(country)) return trimmed;
  const compact = trimmed.toUpperCase().replace(/\s+/gu, '');
  return /^[0-9]/u.test(compact) ? vatPrefixForCountry(country ?? '') + compact : compact;
}
