import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_TEXT_MAX_LENGTH,
  customerFieldErrors,
  normalizeCustomer,
  POSTAL_CODE_MAX_LENGTH,
  VAT_ID_MAX_LENGTH,
} from './billing-customer';
import type { Customer } from './entities';

const usCustomer: Customer = {
  name: 'Acme Inc',
  line1: '1 Market St',
  line2: 'Suite 300',
  city: 'San Francisco',
  state: 'CA',
  postalCode: '94105',
  country: 'US',
  vatId: '',
};

const deCustomer: Customer = {
  name: 'Acme GmbH',
  line1: 'Friedrichstraße 1',
  line2: '',
  city: 'Berlin',
  state: '',
  postalCode: '10117',
  country: 'DE',
  vatId: 'DE123456789',
};

const customer = (overrides: Partial<Customer>, base: Customer = usCustomer): Customer => ({
  ...base,
  ...overrides,
});

const errorsOf = (overrides: Partial<Customer>, base: Customer = usCustomer) =>
  customerFieldErrors(customer(overrides, base));

describe('normalizeCustomer', () => {
  it('trims every field', () => {
    expect(
      normalizeCustomer({
        name: '  Acme Inc ',
        line1: ' 1 Market St\t',
        line2: '\n Suite 300 ',
        city: ' San Francisco ',
        state: ' CA ',
        postalCode: ' 94105 ',
        country: ' US ',
        vatId: '   ',
      }),
    ).toEqual(usCustomer);
  });

  it('upper-cases the country and a US state code', () => {
    expect(normalizeCustomer(customer({ country: 'us', state: 'ny' }))).toMatchObject({
      country: 'US',
      state: 'NY',
    });
  });

  it('keeps a state outside the US as typed: it is a place name, not a code', () => {
    expect(normalizeCustomer(customer({ country: 'ca', state: ' Québec ' }, deCustomer))).toMatchObject({
      country: 'CA',
      state: 'Québec',
    });
  });

  it('keeps inner spaces and case of the other fields', () => {
    expect(
      normalizeCustomer(customer({ postalCode: ' sw1a 1aa ', country: 'gb' }, deCustomer)),
    ).toMatchObject({
      postalCode: 'sw1a 1aa',
      country: 'GB',
    });
  });

  it('upper-cases an EU VAT number and removes its spaces', () => {
    expect(normalizeCustomer(customer({ vatId: ' de 123 456 789 ' }, deCustomer)).vatId).toBe('DE123456789');
  });

  it('prefixes a VAT number that begins with a digit with the country code', () => {
    expect(normalizeCustomer(customer({ vatId: '123456789' }, deCustomer)).vatId).toBe('DE123456789');
    expect(normalizeCustomer(customer({ country: 'fr', vatId: '12 345678901' }, deCustomer)).vatId).toBe(
      'FR12345678901',
    );
  });

  it('prefixes Greek numbers with EL, keeping the country GR', () => {
    expect(normalizeCustomer(customer({ country: 'GR', vatId: '094259216' }, deCustomer))).toMatchObject({
      country: 'GR',
      vatId: 'EL094259216',
    });
  });

  it('prefixes UK numbers with GB, and GB numbers count as VAT numbers', () => {
    expect(normalizeCustomer(customer({ country: 'GB', vatId: '123 4567 89' }, deCustomer)).vatId).toBe(
      'GB123456789',
    );
    expect(normalizeCustomer(customer({ country: 'uk', vatId: '123456789' }, deCustomer))).toMatchObject({
      country: 'UK',
      vatId: 'GB123456789',
    });
  });

  it('drops the VAT number for a country outside the EU VAT area', () => {
    expect(normalizeCustomer(customer({ vatId: 'DE123456789' })).vatId).toBe('');
    expect(normalizeCustomer(customer({ country: 'CH', vatId: 'CHE-123.456.789' }, deCustomer)).vatId).toBe(
      '',
    );
    expect(normalizeCustomer(customer({ country: '', vatId: 'DE123456789' }, deCustomer)).vatId).toBe('');
  });

  it('is idempotent and leaves the input alone', () => {
    const input = customer({ country: ' gr ', vatId: ' 094 259 216', name: ' A ' }, deCustomer);
    const copy = { ...input };
    const once = normalizeCustomer(input);
    expect(normalizeCustomer(once)).toEqual(once);
    expect(input).toEqual(copy);
  });
});

describe('customerFieldErrors', () => {
  it('accepts a complete US customer and a complete EU customer', () => {
    expect(customerFieldErrors(usCustomer)).toEqual([]);
    expect(customerFieldErrors(deCustomer)).toEqual([]);
  });

  it('accepts what normalisation fixes: spacing, case, a bare EU VAT number', () => {
    expect(errorsOf({ country: ' us ', state: 'ca', name: ' Acme ' })).toEqual([]);
    expect(errorsOf({ country: 'gr', vatId: '094 259 216' }, deCustomer)).toEqual([]);
  });

  describe('required fields', () => {
    it.each(['name', 'line1', 'city', 'country', 'postalCode'] as const)(
      "refuses an empty or blank %s with 'must not be empty'",
      (field) => {
        expect(errorsOf({ [field]: '' }, deCustomer)).toContainEqual({ field, message: 'must not be empty' });
        expect(errorsOf({ [field]: '   ' }, deCustomer)).toContainEqual({
          field,
          message: 'must not be empty',
        });
      },
    );

    it('does not require Address 2, a state outside the US or a VAT number', () => {
      expect(errorsOf({ line2: '', state: '', vatId: '' }, deCustomer)).toEqual([]);
    });

    it('lists every empty field once, in the order of the form', () => {
      const empty: Customer = {
        name: '',
        line1: '',
        line2: '',
        city: '',
        state: '',
        postalCode: '',
        country: '',
        vatId: '',
      };
      expect(customerFieldErrors(empty)).toEqual([
        { field: 'name', message: 'must not be empty' },
        { field: 'line1', message: 'must not be empty' },
        { field: 'city', message: 'must not be empty' },
        { field: 'country', message: 'must not be empty' },
        { field: 'postalCode', message: 'must not be empty' },
      ]);
    });
  });

  describe('country', () => {
    it.each(['XX', 'UK', 'EL', 'USA', 'CU', 'ZZ', '12'])("refuses %j with 'is invalid'", (country) => {
      expect(errorsOf({ country }, deCustomer)).toContainEqual({ field: 'country', message: 'is invalid' });
    });

    it.each(['DE', 'de', 'GR', 'GB', 'CH', 'JP', 'XK', 'PR'])('accepts %j', (country) => {
      expect(errorsOf({ country }, deCustomer).filter(({ field }) => field === 'country')).toEqual([]);
    });
  });

  describe('state', () => {
    it("requires a state for the US: 'must not be empty'", () => {
      expect(errorsOf({ state: '' })).toEqual([{ field: 'state', message: 'must not be empty' }]);
      expect(errorsOf({ state: '  ' })).toEqual([{ field: 'state', message: 'must not be empty' }]);
    });

    it.each(['California', 'XX', 'C A', 'ON', 'US'])("refuses %j in the US with 'is invalid'", (state) => {
      expect(errorsOf({ state })).toEqual([{ field: 'state', message: 'is invalid' }]);
    });

    it.each(['CA', 'ny', ' dc ', 'PR', 'VI', 'UM'])('accepts the US state code %j', (state) => {
      expect(errorsOf({ state })).toEqual([]);
    });

    it('takes any text outside the US, including a US state code', () => {
      for (const state of ['Bavaria', 'CA', 'Île-de-France', 'São Paulo'])
        expect(errorsOf({ state }, deCustomer)).toEqual([]);
    });

    it("refuses a state over 200 characters outside the US with 'is too long'", () => {
      expect(errorsOf({ state: 'S'.repeat(CUSTOMER_TEXT_MAX_LENGTH) }, deCustomer)).toEqual([]);
      expect(errorsOf({ state: 'S'.repeat(CUSTOMER_TEXT_MAX_LENGTH + 1) }, deCustomer)).toEqual([
        { field: 'state', message: 'is too long' },
      ]);
    });

    it("refuses a long state in the US as 'is invalid': it is not a code", () => {
      expect(errorsOf({ state: 'S'.repeat(CUSTOMER_TEXT_MAX_LENGTH + 1) })).toEqual([
        { field: 'state', message: 'is invalid' },
      ]);
    });
  });

  describe('text lengths', () => {
    it('limits text fields to 200 characters', () => {
      expect(CUSTOMER_TEXT_MAX_LENGTH).toBe(200);
    });

    it.each(['name', 'line1', 'line2', 'city'] as const)(
      "accepts 200 characters in %s and refuses 201 with 'is too long'",
      (field) => {
        expect(errorsOf({ [field]: 'a'.repeat(200) })).toEqual([]);
        expect(errorsOf({ [field]: 'a'.repeat(201) })).toEqual([{ field, message: 'is too long' }]);
      },
    );

    it('counts after trimming', () => {
      expect(errorsOf({ name: ` ${'a'.repeat(200)} ` })).toEqual([]);
    });

    it('counts characters, not UTF-16 units: 200 emoji fit', () => {
      expect(errorsOf({ city: '\u{1F600}'.repeat(200) })).toEqual([]);
      expect(errorsOf({ city: '\u{1F600}'.repeat(201) })).toEqual([
        { field: 'city', message: 'is too long' },
      ]);
    });
  });

  describe('postal code', () => {
    it.each(['94105', '94105-1234', ' 94105 '])('accepts the US ZIP %j', (postalCode) => {
      expect(errorsOf({ postalCode })).toEqual([]);
    });

    it.each(['9410', '941051', '94105-123', '94105 1234', '941051234', 'ABCDE', '94105-12345'])(
      "refuses the US ZIP %j with 'is invalid'",
      (postalCode) => {
        expect(errorsOf({ postalCode })).toEqual([{ field: 'postalCode', message: 'is invalid' }]);
      },
    );

    it('takes any shape outside the US', () => {
      for (const postalCode of ['SW1A 1AA', 'K1A 0B1', '1010', 'D02 X285', '100-0001'])
        expect(errorsOf({ postalCode }, deCustomer)).toEqual([]);
    });

    it("accepts 20 characters and refuses 21 with 'is too long'", () => {
      expect(POSTAL_CODE_MAX_LENGTH).toBe(20);
      expect(errorsOf({ postalCode: '1'.repeat(20) }, deCustomer)).toEqual([]);
      expect(errorsOf({ postalCode: '1'.repeat(21) }, deCustomer)).toEqual([
        { field: 'postalCode', message: 'is too long' },
      ]);
    });

    it("reports a too long US ZIP as 'is too long', not twice", () => {
      expect(errorsOf({ postalCode: '1'.repeat(21) })).toEqual([
        { field: 'postalCode', message: 'is too long' },
      ]);
    });
  });

  describe('VAT number', () => {
    it.each([
      ['DE', 'DE123456789'],
      ['AT', 'ATU12345678'],
      ['NL', 'NL123456789B01'],
      ['FR', 'FRXX123456789'],
      ['GR', 'EL094259216'],
      ['GB', 'GB123456789'],
      ['IE', '1234567WA'],
      ['DE', 'de12'],
      ['DE', 'DE1234567890123'],
    ])('accepts %s %j', (country, vatId) => {
      expect(errorsOf({ country, vatId }, deCustomer)).toEqual([]);
    });

    it.each([
      ['DE', 'DE1'],
      ['DE', '1'],
      ['DE', 'DE12345678901234'],
      ['DE', 'DE-123456789'],
      ['DE', 'DE123.456.789'],
      ['FR', 'F1234567890'],
      ['DE', 'ÄÖ123456'],
    ])("refuses %s %j with 'is invalid'", (country, vatId) => {
      expect(errorsOf({ country, vatId }, deCustomer)).toEqual([{ field: 'vatId', message: 'is invalid' }]);
    });

    it("accepts 20 characters before refusing with 'is too long' (the pattern alone allows 15)", () => {
      expect(VAT_ID_MAX_LENGTH).toBe(20);
      expect(errorsOf({ vatId: `DE${'1'.repeat(18)}` }, deCustomer)).toEqual([
        { field: 'vatId', message: 'is invalid' },
      ]);
      expect(errorsOf({ vatId: `DE${'1'.repeat(19)}` }, deCustomer)).toEqual([
        { field: 'vatId', message: 'is too long' },
      ]);
    });

    it('counts the length after normalisation: spaces removed, prefix added', () => {
      expect(errorsOf({ vatId: 'de 1 2 3 4 5 6 7 8 9 0 1 2 3' }, deCustomer)).toEqual([]);
      expect(errorsOf({ vatId: '1'.repeat(19) }, deCustomer)).toEqual([
        { field: 'vatId', message: 'is too long' },
      ]);
    });

    it('ignores a VAT number outside the EU VAT area, where the form does not ask for one', () => {
      expect(errorsOf({ vatId: 'not a vat number at all, and far too long' })).toEqual([]);
      expect(errorsOf({ country: 'CH', vatId: 'CHE-123.456.789 MWST' }, deCustomer)).toEqual([]);
    });
  });

  it('uses exactly the Customer field names', () => {
    const errors = customerFieldErrors({
      name: '',
      line1: 'x'.repeat(201),
      line2: 'x'.repeat(201),
      city: '',
      state: 'Nowhere',
      postalCode: '123',
      country: 'US',
      vatId: 'ignored',
    });
    expect(errors.map(({ field }) => field)).toEqual([
      'name',
      'line1',
      'line2',
      'city',
      'state',
      'postalCode',
    ]);
    const eu = customerFieldErrors(customer({ country: 'XX', vatId: 'x' }, deCustomer));
    expect(eu.map(({ field }) => field)).toEqual(['country']);
    expect(customerFieldErrors(customer({ vatId: 'D' }, deCustomer))).toEqual([
      { field: 'vatId', message: 'is invalid' },
    ]);
  });
});
