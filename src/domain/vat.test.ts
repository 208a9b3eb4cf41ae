import { describe, expect, it } from 'vitest';
import { EU_VAT_COUNTRY_CODES, isEuCountry, normalizeVatId, vatPrefixForCountry } from './vat';

describe('EU_VAT_COUNTRY_CODES', () => {
  it('has the 27 members plus GB, spelling Greece EL', () => {
    expect(EU_VAT_COUNTRY_CODES.size).toBeGreaterThanOrEqual(27);
    expect(EU_VAT_COUNTRY_CODES.has('EL')).toBe(true);
    expect(EU_VAT_COUNTRY_CODES.has('GB')).toBe(true);
    for (const code of EU_VAT_COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('keeps the aliases GR and UK out of the set', () => {
    expect(EU_VAT_COUNTRY_CODES.has('GR')).toBe(false);
    expect(EU_VAT_COUNTRY_CODES.has('UK')).toBe(false);
  });
});

describe('vatPrefixForCountry', () => {
  it.each([
    ['GR', 'EL'],
    ['UK', 'GB'],
    ['DE', 'DE'],
    ['EL', 'EL'],
    ['GB', 'GB'],
    ['US', 'US'],
    ['gr', 'EL'],
    [' fr ', 'FR'],
  ])('%j -> %j', (country, prefix) => {
    expect(vatPrefixForCountry(country)).toBe(prefix);
  });
});

describe('isEuCountry', () => {
  it.each(['DE', 'FR', 'GR', 'EL', 'GB', 'UK', 'IE', 'HR', 'de'])('%j is an EU VAT country', (country) => {
    expect(isEuCountry(country)).toBe(true);
  });

  it.each(['US', 'CH', 'NO', 'CA', '', 'XX', null, undefined])('%j is not', (country) => {
    expect(isEuCountry(country)).toBe(false);
  });
});

describe('normalizeVatId', () => {
  it('upper-cases, trims and removes inner spaces for an EU country', () => {
    expect(normalizeVatId('  de 123 456 789 ', 'DE')).toBe('DE123456789');
  });

  it('prefixes a number that starts with a digit with the country code', () => {
    expect(normalizeVatId('123456789', 'DE')).toBe('DE123456789');
    expect(normalizeVatId('0123 456 789', 'FR')).toBe('FR0123456789');
  });

  it('prefixes Greek numbers with EL and UK numbers with GB', () => {
    expect(normalizeVatId('094259216', 'GR')).toBe('EL094259216');
    expect(normalizeVatId('094259216', 'EL')).toBe('EL094259216');
    expect(normalizeVatId('123 4567 89', 'UK')).toBe('GB123456789');
    expect(normalizeVatId('123456789', 'GB')).toBe('GB123456789');
  });

  it('leaves a number that already starts with a letter unprefixed', () => {
    expect(normalizeVatId('el094259216', 'GR')).toBe('EL094259216');
    expect(normalizeVatId('atu12345678', 'AT')).toBe('ATU12345678');
  });

  it('removes every kind of inner whitespace', () => {
    expect(normalizeVatId('NL 8\t5 3\u00a06', 'NL')).toBe('NL8536');
  });

  it('accepts a lower-case country code', () => {
    expect(normalizeVatId('123', 'gr')).toBe('EL123');
  });

  it('keeps an empty number empty instead of inventing a bare prefix', () => {
    expect(normalizeVatId('   ', 'DE')).toBe('');
  });

  it('only trims for a non-EU country', () => {
    expect(normalizeVatId('  che-123.456.789 mwst ', 'CH')).toBe('che-123.456.789 mwst');
    expect(normalizeVatId(' 123 ', 'US')).toBe('123');
  });

  it('only trims when no country is chosen yet', () => {
    expect(normalizeVatId(' de 1 ', null)).toBe('de 1');
    expect(normalizeVatId(' de 1 ', '')).toBe('de 1');
  });
});
