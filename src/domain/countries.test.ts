import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  countryDisplayName,
  countryName,
  isCountryCode,
  isUsStateCode,
  US_COUNTRY_CODE,
  US_STATES,
} from './countries';
import { EU_VAT_COUNTRY_CODES, vatPrefixForCountry } from './vat';

const byName = new Intl.Collator('en');

describe('COUNTRIES', () => {
  it('lists every country the billing provider accepts, once, by a two-letter code', () => {
    expect(COUNTRIES).toHaveLength(237);
    for (const { code, name } of COUNTRIES) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(name.trim()).toBe(name);
      expect(name).not.toBe('');
    }
    expect(new Set(COUNTRIES.map(({ code }) => code)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map(({ name }) => name)).size).toBe(COUNTRIES.length);
  });

  it('is sorted by name as an English reader expects', () => {
    const names = COUNTRIES.map(({ name }) => name);
    expect(names).toEqual([...names].sort(byName.compare));
    expect(names[0]).toBe('Afghanistan');
    expect(names[1]).toBe('Åland Islands');
    expect(names.at(-1)).toBe('Zimbabwe');
  });

  it('names countries by their ISO English short names', () => {
    expect(countryName('US')).toBe('United States of America');
    expect(countryName('GB')).toBe('United Kingdom of Great Britain and Northern Ireland');
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('GR')).toBe('Greece');
    expect(countryName('CI')).toBe("Côte d'Ivoire");
    expect(countryName('TR')).toBe('Türkiye');
  });

  it('offers every EU VAT country under its ISO code', () => {
    for (const prefix of EU_VAT_COUNTRY_CODES) {
      const iso = prefix === 'EL' ? 'GR' : prefix;
      expect(vatPrefixForCountry(iso)).toBe(prefix);
      expect(isCountryCode(iso)).toBe(true);
    }
  });

  it('includes the US, Puerto Rico and Guam, which the provider takes as countries', () => {
    for (const code of [US_COUNTRY_CODE, 'PR', 'GU', 'CA', 'CH', 'NO', 'JP'])
      expect(isCountryCode(code)).toBe(true);
  });

  it('includes the codes outside ISO that the provider accepts: Ascension, Tristan da Cunha, Kosovo', () => {
    expect(countryName('AC')).toBe('Ascension Island');
    expect(countryName('TA')).toBe('Tristan da Cunha');
    expect(countryName('XK')).toBe('Kosovo');
  });

  it.each([
    ['CU', 'sanctioned'],
    ['IR', 'sanctioned'],
    ['KP', 'sanctioned'],
    ['SY', 'sanctioned'],
    ['VI', 'a US state'],
    ['AS', 'a US state'],
    ['ZZ', "the provider's unknown region"],
  ])('leaves out %s (%s)', (code) => {
    expect(isCountryCode(code)).toBe(false);
    expect(countryName(code)).toBeNull();
  });
});

describe('isCountryCode', () => {
  it('refuses aliases, lower case, blanks and anything not a code', () => {
    for (const code of ['UK', 'EL', 'us', ' US', '', 'USA', 'XX']) expect(isCountryCode(code)).toBe(false);
  });
});

describe('countryName', () => {
  it('is null for a code that is not in the list', () => {
    expect(countryName('UK')).toBeNull();
    expect(countryName('de')).toBeNull();
    expect(countryName('')).toBeNull();
  });
});

describe('countryDisplayName', () => {
  it('names a code in any case as the billing details form does, and an unknown code by itself', () => {
    expect(countryDisplayName('DE')).toBe('Germany');
    expect(countryDisplayName('us')).toBe('United States of America');
    expect(countryDisplayName('UK')).toBe('UK');
    expect(countryDisplayName('')).toBe('');
  });
});

describe('US_STATES', () => {
  it('has the 50 states, DC and the territories AS, GU, MP, PR, VI and UM', () => {
    expect(US_STATES).toHaveLength(57);
    const codes = new Set(US_STATES.map(({ code }) => code));
    expect(codes.size).toBe(57);
    for (const code of ['DC', 'AS', 'GU', 'MP', 'PR', 'VI', 'UM']) expect(codes.has(code)).toBe(true);
    for (const code of ['CA', 'NY', 'TX', 'AK', 'HI', 'WY']) expect(codes.has(code)).toBe(true);
    for (const { code, name } of US_STATES) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(name).not.toBe('');
    }
  });

  it('is sorted by name', () => {
    const names = US_STATES.map(({ name }) => name);
    expect(names).toEqual([...names].sort(byName.compare));
    expect(US_STATES[0]).toEqual({ code: 'AL', name: 'Alabama' });
    expect(US_STATES.at(-1)).toEqual({ code: 'WY', name: 'Wyoming' });
  });

  it('names DC and the territories', () => {
    const names = new Map(US_STATES.map(({ code, name }) => [code, name]));
    expect(names.get('DC')).toBe('District of Columbia');
    expect(names.get('PR')).toBe('Puerto Rico');
    expect(names.get('VI')).toBe('Virgin Islands, U.S.');
    expect(names.get('UM')).toBe('United States Minor Outlying Islands');
  });
});

describe('isUsStateCode', () => {
  it.each(['CA', 'NY', 'DC', 'PR', 'VI', 'UM', 'AS', 'GU', 'MP'])('%s is a US state code', (code) => {
    expect(isUsStateCode(code)).toBe(true);
  });

  it.each(['ca', ' CA', 'California', '', 'XX', 'US', 'FM', 'MH', 'PW', 'AA', 'ON'])('%j is not', (code) => {
    expect(isUsStateCode(code)).toBe(false);
  });
});
